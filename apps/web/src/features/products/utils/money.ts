import { formatYen } from '../../../lib/format.ts';

/** A profit that may be negative: floored like every yen amount, the sign before the ¥ (-¥13). */
export function formatSignedYen(value: number) {
  const floored = Math.floor(value);
  return floored < 0 ? `-${formatYen(-floored)}` : formatYen(floored);
}

/** A margin with 1 decimal: 23.5%. */
export const formatMargin = (margin: number) => `${margin.toFixed(1)}%`;
