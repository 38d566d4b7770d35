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

/**
 * Yen floored to whole yen with thousands separators: ¥1,234.
 * A negative amount (a loss) carries its sign before the ¥: -¥13, never ¥-13.
 */
export function formatYen(value: number) {
  const floored = Math.floor(value);
  // abs also turns -0 into 0, which Intl would write as "-0".
  const digits = yenFormat.format(Math.abs(floored));
  return floored < 0 ? `-¥${digits}` : `¥${digits}`;
}

const senFormat = new Intl.NumberFormat('ja-JP', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Yen exact to the sen, for unit values and line amounts: ¥480, ¥4.20, ¥1,965.60 (whole yen
 * without decimals). Totals are floored with formatYen.
 */
export function formatYenWithSen(value: number) {
  const cents = Math.round(Math.abs(value) * 100);
  const digits = cents % 100 === 0 ? yenFormat.format(cents / 100) : senFormat.format(cents / 100);
  return value < 0 && cents !== 0 ? `-¥${digits}` : `¥${digits}`;
}

/** formatYenWithSen with its sign: +¥67.50, -¥900, ¥0. */
export function formatSignedYenWithSen(value: number) {
  return value > 0 ? `+${formatYenWithSen(value)}` : formatYenWithSen(value);
}

/** A margin with 1 decimal: 23.5%. */
export function formatMargin(margin: number) {
  return `${margin.toFixed(1)}%`;
}

/**
 * A date as the lists write it: M月d日, with the year when it is
 * not the current one, so last November's order does not read as this November's: 2025年11月10日.
 */
export function formatShortDate(date: string, today: Date = new Date()) {
  const parsed = parseISO(date);
  return format(parsed, parsed.getFullYear() === today.getFullYear() ? 'M月d日' : 'yyyy年M月d日');
}

/** The full date, for tooltips and screen readers: yyyy年M月d日. */
export function formatFullDate(date: string) {
  return format(parseISO(date), 'yyyy年M月d日');
}

/** A month as the API writes it (yyyy-MM), short for a chart axis: 5月. */
export function formatMonth(month: string) {
  return format(parseISO(month), 'M月');
}

/** A month as the API writes it (yyyy-MM), in full: 2026年5月. */
export function formatFullMonth(month: string) {
  return format(parseISO(month), 'yyyy年M月');
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
