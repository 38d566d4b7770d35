import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import { format, parseISO } from 'date-fns';

// The formatters of every screen. Number.prototype.toLocaleString builds a new formatter on every
// call, which showed up as the largest single cost of rendering table rows while scrolling 10,000
// parts: the formatters are built once here.
const countFormat = new Intl.NumberFormat('ja-JP');
const yenFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** A count with thousands separators: 1,234. */
export function formatCount(value: number) {
  return countFormat.format(value);
}

/** A change of a count, with its sign: +5, -3, 0. */
export function formatSignedCount(value: number) {
  return value > 0 ? `+${formatCount(value)}` : formatCount(value);
}

/** A count and its unit: 1,200個. */
export function formatQuantity(value: number, unit: string = DEFAULT_UNIT_LABEL) {
  return `${formatCount(value)}${unit}`;
}

/** Yen floored to whole yen with thousands separators (specification 001, section 9): ¥1,234. */
export function formatYen(value: number) {
  return `¥${yenFormat.format(Math.floor(value))}`;
}

/** An amount that may be negative (a profit): floored like every yen amount, the sign before the ¥ (-¥13). */
export function formatSignedYen(value: number) {
  const floored = Math.floor(value);
  return floored < 0 ? `-${formatYen(-floored)}` : formatYen(floored);
}

/** A margin with 1 decimal: 23.5% (specification 000, section 9). */
export function formatMargin(margin: number) {
  return `${margin.toFixed(1)}%`;
}

/** A date as the screens write it: M月d日 (specification 000, section 2). */
export function formatShortDate(date: string) {
  return format(parseISO(date), 'M月d日');
}

/** The full date, for tooltips and screen readers: yyyy年M月d日. */
export function formatFullDate(date: string) {
  return format(parseISO(date), 'yyyy年M月d日');
}

/** A timestamp in local time: yyyy-MM-dd HH:mm. */
export function formatDateTime(iso: string) {
  return format(new Date(iso), 'yyyy-MM-dd HH:mm');
}

/** A local calendar date as the API takes it: yyyy-MM-dd. */
export function formatIsoDate(date: Date) {
  return format(date, 'yyyy-MM-dd');
}

/**
 * Cuts a text to `max` characters followed by '...'. Counts characters, not UTF-16 units, so an
 * emoji or a rare kanji outside the basic plane is never split in half.
 */
export function truncateText(text: string, max: number) {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}

/** A timestamp in local time, written out: yyyy年M月d日 H:mm (invitation expiry, last login). */
export function formatJapaneseDateTime(iso: string) {
  return format(new Date(iso), 'yyyy年M月d日 H:mm');
}
