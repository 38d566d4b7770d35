import type { DashboardCalendarEvent, DashboardResponse } from '@inventory/contracts/dashboard';
import type { Sale } from '@inventory/contracts/sales';

let nextSaleId = 1;
let nextEventId = 1;

/** A sale as the dashboard's recent list carries it, with overrides. */
export function makeRecentSale(overrides: Partial<Sale> = {}): Sale {
  const id = overrides.id ?? nextSaleId++;
  return {
    id,
    product_id: 1,
    product_name: `商品${id}`,
    quantity: 1,
    unit_price: 1000,
    total_amount: 1000,
    total_cost: 400,
    profit: 600,
    profit_margin: 60,
    sale_date: '2026-05-01',
    url: null,
    notes: null,
    imported_from: null,
    created_at: '2026-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A calendar event as GET /dashboard and GET /dashboard/calendar/{y}/{m} answer it, with overrides. */
export function makeCalendarEvent(overrides: Partial<DashboardCalendarEvent> = {}): DashboardCalendarEvent {
  const id = overrides.id ?? `event-${nextEventId++}`;
  return {
    id,
    type: 'manufacturing',
    title: 'ランプ × 1',
    date: '2026-05-01',
    color: '#3B82F6',
    product_id: 1,
    part_id: null,
    quantity: 1,
    ...overrides,
  };
}

/** GET /dashboard for an empty workspace, with overrides. */
export function makeDashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    products: [],
    capacities: [],
    plans: [],
    alerts: { overdueOrders: [], upcomingOrders: [], lowStockParts: [], lowStockPartsCount: 0, overdueOrdersCount: 0 },
    calendar: { events: [] },
    stats: { members: 1, parts: 0, products: 0, lowStockParts: 0 },
    month_revenue: 0,
    recent_records: [],
    recent_sales: [],
    ...overrides,
  };
}
