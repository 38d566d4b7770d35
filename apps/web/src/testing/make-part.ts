import type { PartListItem } from '@inventory/contracts/parts';

let nextId = 1;

/** A part as GET /parts answers it, with overrides. */
export function makePart(overrides: Partial<PartListItem> = {}): PartListItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `部品${id}`,
    unit: null,
    unit_price: null,
    current_stock: 10,
    min_stock_alert: 0,
    url: null,
    part_number: null,
    category: null,
    barcode: null,
    status: 'active',
    tag_ids: [],
    ...overrides,
  };
}
