import type { Capacity } from '@inventory/contracts/manufacturing';
import type { Product, ProductCost, RecipeLine } from '@inventory/contracts/products';

let nextId = 1;

/** A product as GET /products answers it, with overrides. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `商品${id}`,
    selling_price: null,
    current_stock: 0,
    url: null,
    part_number: null,
    barcode: null,
    cost: 0,
    recipe_line_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A recipe line as GET /products/{id}/recipe answers it, with overrides. */
export function makeRecipeLine(overrides: Partial<RecipeLine> & Pick<RecipeLine, 'part_id'>): RecipeLine {
  return {
    quantity_required: 1,
    part_name: `部品${overrides.part_id}`,
    unit: null,
    unit_price: null,
    current_stock: 10,
    part_status: 'active',
    ...overrides,
  };
}

/** GET /manufacturing/capacity/{id}, with overrides. */
export function makeCapacity(overrides: Partial<Capacity> & Pick<Capacity, 'product_id'>): Capacity {
  return { max_manufacturable: 0, limiting_parts: [], ...overrides };
}

/** GET /products/{id}/cost, with overrides. */
export function makeProductCost(overrides: Partial<ProductCost> & Pick<ProductCost, 'product_id'>): ProductCost {
  return {
    product_name: `商品${overrides.product_id}`,
    selling_price: null,
    total_cost: 0,
    profit_per_unit: null,
    margin: null,
    unpriced_parts: 0,
    lines: [],
    ...overrides,
  };
}
