import type { Order } from '@inventory/contracts/orders';

let nextId = 1;

/** An order as GET /orders answers it, with overrides. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? nextId++;
  return {
    id,
    part_id: 1,
    part_name: `部品${id}`,
    quantity: 10,
    order_date: '2026-05-01',
    expected_delivery_date: null,
    status: 'ordered',
    delivered_at: null,
    created_at: '2026-05-01T00:00:00.000Z',
    updated_at: '2026-05-01T00:00:00.000Z',
    plan_id: null,
    ...overrides,
  };
}
