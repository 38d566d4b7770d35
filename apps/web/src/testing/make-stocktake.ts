import type { Stocktake, StocktakeLine } from '@inventory/contracts/stocktakes';

export function makeStocktakeLine(overrides: Partial<StocktakeLine> = {}): StocktakeLine {
  return {
    item_kind: 'part',
    item_id: 1,
    name: '部品',
    part_number: null,
    unit: null,
    tag_ids: [],
    unit_value: 0,
    expected: 0,
    counted: null,
    variance: null,
    counted_by: null,
    counted_at: null,
    ...overrides,
  };
}

/** A counting stocktake of the lines; its counts follow the lines. */
export function makeStocktake(lines: StocktakeLine[], overrides: Partial<Stocktake> = {}): Stocktake {
  const counted = lines.filter((line) => line.counted !== null).length;
  return {
    id: 7,
    name: '期末棚卸し',
    scope: { kind: 'all' },
    status: 'counting',
    created_by: '佐藤',
    created_at: '2026-12-31T00:00:00.000Z',
    committed_by: null,
    committed_at: null,
    cancelled_by: null,
    cancelled_at: null,
    reason: null,
    reason_note: null,
    line_count: lines.length,
    counted_count: counted,
    remaining_count: lines.length - counted,
    lines,
    ...overrides,
  };
}
