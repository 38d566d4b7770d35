import type { Product } from '@inventory/contracts/products';

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
    cost: 0,
    recipe_line_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
