import { formatIsoDate } from '../../../lib/format.ts';

/**
 * The day a valuation opens on: the last 31 December (the closing day of a sole proprietor's
 * year), this year's once the year has ended, that is from 31 December itself.
 */
export function lastYearEnd(today: Date): string {
  const year = today.getMonth() === 11 && today.getDate() === 31 ? today.getFullYear() : today.getFullYear() - 1;
  return formatIsoDate(new Date(year, 11, 31));
}
