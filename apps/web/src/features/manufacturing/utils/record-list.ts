import type { ManufacturingRecord } from '@inventory/contracts/manufacturing';

/** Newest first: by manufacturing date, then by entry (the later record of a day on top). */
export function sortRecords(records: readonly ManufacturingRecord[]): ManufacturingRecord[] {
  return [...records].sort((a, b) => b.manufacturing_date.localeCompare(a.manufacturing_date) || b.id - a.id);
}
