import { DEFAULT_UNIT_LABEL, type Part } from '@inventory/contracts/parts';

// Shared formatters: Number.prototype.toLocaleString builds a new formatter on every call, which
// showed up as the largest single cost of rendering table rows while scrolling 10,000 parts.
const countFormat = new Intl.NumberFormat('ja-JP');
const yenFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** A count with thousands separators: 1,234. */
export function formatCount(value: number) {
  return countFormat.format(value);
}

/** Yen floored to whole yen with thousands separators (specification 001, section 9): ¥1,234. */
export function formatYen(value: number) {
  return `¥${yenFormat.format(Math.floor(value))}`;
}

export function unitLabel(part: Pick<Part, 'unit'>) {
  return part.unit ?? DEFAULT_UNIT_LABEL;
}
