import { formatYen } from '../../../lib/format.ts';

/** The per-product average unit price is rounded, not floored. */
export function formatAverageUnitPrice(value: number) {
  return formatYen(Math.round(value));
}

/** Profit and margin are green at 0 or more, red below. */
export function profitToneClass(value: number) {
  return value >= 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
}

/** In tables only a loss is marked (red); a column of green figures would drown the names. */
export function lossToneClass(value: number) {
  return value < 0 ? 'text-red-700 dark:text-red-400' : undefined;
}
