import type { ManufacturingRecord, Plan, Requirement, RequirementsResult } from '@inventory/contracts/manufacturing';

let nextPlanId = 1;
let nextRecordId = 1;

/** A plan as GET /manufacturing/plans answers it, with overrides. */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  const id = overrides.id ?? nextPlanId++;
  const quantity = overrides.quantity ?? 10;
  return {
    id,
    product_id: 1,
    product_name: `商品${id}`,
    quantity,
    remaining_quantity: quantity,
    start_date: '2026-05-10',
    end_date: '2026-05-20',
    status: 'active',
    notes: null,
    created_at: '2026-05-01T00:00:00.000Z',
    updated_at: '2026-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** One requirement line; shortage and to_order follow from the stock and on_order given. */
export function makeRequirement(overrides: Partial<Requirement> & Pick<Requirement, 'part_id'>): Requirement {
  const required = overrides.required_quantity ?? 10;
  const stock = overrides.current_stock ?? 10;
  const onOrder = overrides.on_order ?? 0;
  const shortage = overrides.shortage ?? Math.max(0, required - stock);
  return {
    part_name: `部品${overrides.part_id}`,
    required_quantity: required,
    current_stock: stock,
    shortage,
    unit: null,
    on_order: onOrder,
    to_order: Math.max(0, shortage - onOrder),
    ...overrides,
  };
}

/** A requirements answer for the lines given (has_shortages and total_parts follow from them). */
export function makeRequirementsResult(requirements: Requirement[], overrides: Partial<RequirementsResult> = {}): RequirementsResult {
  return {
    requirements,
    total_parts: requirements.length,
    has_shortages: requirements.some((requirement) => requirement.shortage > 0),
    orders: [],
    manufacturing_adjusted: false,
    ...overrides,
  };
}

/** A manufacturing record as GET /manufacturing/records answers it, with overrides. */
export function makeManufacturingRecord(overrides: Partial<ManufacturingRecord> = {}): ManufacturingRecord {
  const id = overrides.id ?? nextRecordId++;
  return {
    id,
    product_id: 1,
    product_name: `商品${id}`,
    quantity: 1,
    manufacturing_date: '2026-05-01',
    notes: null,
    created_at: '2026-05-01T00:00:00.000Z',
    ...overrides,
  };
}
