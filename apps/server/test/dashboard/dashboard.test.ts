import { CALENDAR_EVENT_COLORS, type DashboardCalendarEvent, type DashboardResponse } from '@inventory/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { addDays, monthBounds } from '../../src/lib/time.ts';
import { fromToday, today } from '../factories/dashboard.ts';
import { type RegisteredUser, registerUser } from '../factories/users.ts';
import { createProduct } from '../factories/products.ts';
import { createPlan, insertManufacturingRecord, insertPlanWithStatus } from '../factories/manufacturing.ts';
import { createPart } from '../factories/parts.ts';
import { createOrder } from '../factories/orders.ts';
import { insertSales } from '../factories/sales.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

async function get<T>(token: string, url: string): Promise<T> {
  const response = await call(app, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** This month of the server's today, and the next one. */
function months() {
  const now = today();
  const current = { year: Number(now.slice(0, 4)), month: Number(now.slice(5, 7)) };
  const bounds = monthBounds(current.year, current.month);
  const next = { year: Number(bounds.next.slice(0, 4)), month: Number(bounds.next.slice(5, 7)) };
  return { current: { ...current, ...bounds }, next: { ...next, ...monthBounds(next.year, next.month) } };
}

const calendarUrl = ({ year, month }: { year: number; month: number }) => `/api/dashboard/calendar/${year}/${month}`;

const capacityEvent = (date: string, product: { id: number; name: string }, quantity: number): DashboardCalendarEvent => ({
  id: `capacity-${date}-${product.id}`,
  type: 'capacity',
  title: `${product.name}: 製造可能 ${quantity}個`,
  date,
  color: CALENDAR_EVENT_COLORS.capacity,
  product_id: product.id,
  part_id: null,
  quantity,
});

const arrivalEvent = (orderId: number, date: string, part: { id: number; name: string }, quantity: number): DashboardCalendarEvent => ({
  id: `arrival-${orderId}`,
  type: 'arrival',
  title: `${part.name}: 入荷予定 ${quantity}個`,
  date,
  color: CALENDAR_EVENT_COLORS.arrival,
  product_id: null,
  part_id: part.id,
  quantity,
});

/** An open order whose expected delivery date has passed: late, shown in red. */
const overdueArrivalEvent = (orderId: number, date: string, part: { id: number; name: string }, quantity: number): DashboardCalendarEvent => ({
  ...arrivalEvent(orderId, date, part, quantity),
  type: 'overdue_arrival',
  title: `${part.name}: 入荷遅れ ${quantity}個`,
  color: CALENDAR_EVENT_COLORS.overdue_arrival,
});

const manufacturingEvent = (firstId: number, date: string, product: { id: number | null; name: string }, quantity: number): DashboardCalendarEvent => ({
  id: `manufacturing-${firstId}`,
  type: 'manufacturing',
  title: `${product.name}: 製造 ${quantity}個`,
  date,
  color: CALENDAR_EVENT_COLORS.manufacturing,
  product_id: product.id,
  part_id: null,
  quantity,
});

const partWithMinimum = (owner: RegisteredUser, name: string, stock: number, minimum: number) =>
  createPart(app, owner.token, { name, current_stock: stock, min_stock_alert: minimum });

describe('GET /api/dashboard/alerts', () => {
  it('splits open orders into overdue (before today) and upcoming (today to today + 3), earliest first', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const part = await createPart(app, owner.token, { name: 'M3ネジ' });
    const other = await createPart(app, owner.token, { name: '抵抗10kΩ' });
    const order = async (partId: number, quantity: number, expected: string | null, status: 'ordered' | 'shipped' | 'delivered' | 'cancelled' = 'ordered') =>
      (await createOrder(app, owner.token, partId, { quantity, order_date: fromToday(-30), expected_delivery_date: expected, status })).id;

    const yesterday = await order(part.id, 1, fromToday(-1));
    const longAgo = await order(other.id, 2, fromToday(-10), 'shipped');
    const dueToday = await order(part.id, 3, fromToday(0), 'shipped');
    const inThreeDays = await order(other.id, 4, fromToday(3));
    await order(part.id, 5, fromToday(4));
    // Delivered (to a third part, whose stock it raises above the minimum): no longer due.
    await order((await createPart(app, owner.token, { name: 'LED' })).id, 6, fromToday(-1), 'delivered');
    await order(part.id, 7, fromToday(0), 'cancelled');
    await order(part.id, 8, fromToday(2), 'cancelled');
    await order(part.id, 9, null);

    const alerts = await get<DashboardResponse['alerts']>(owner.token, '/api/dashboard/alerts');
    expect(alerts.overdueOrders).toEqual([
      { id: longAgo, part_name: '抵抗10kΩ', quantity: 2, expected_delivery_date: fromToday(-10) },
      { id: yesterday, part_name: 'M3ネジ', quantity: 1, expected_delivery_date: fromToday(-1) },
    ]);
    expect(alerts.upcomingOrders).toEqual([
      { id: dueToday, part_name: 'M3ネジ', quantity: 3, expected_delivery_date: fromToday(0) },
      { id: inThreeDays, part_name: '抵抗10kΩ', quantity: 4, expected_delivery_date: fromToday(3) },
    ]);
    expect(alerts.overdueOrdersCount).toBe(2);
    expect(alerts.lowStockParts).toEqual([
      // Stock 0 at minimum 0 is at the minimum: both parts are listed, shortfall 0 each.
      { id: part.id, name: 'M3ネジ', current_stock: 0, min_stock_alert: 0 },
      { id: other.id, name: '抵抗10kΩ', current_stock: 0, min_stock_alert: 0 },
    ]);
    expect(alerts.lowStockPartsCount).toBe(2);
  });

  it('lists parts at or below their minimum, the largest shortfall first', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const atMinimum = await partWithMinimum(owner, '在庫ちょうど', 5, 5);
    const alsoShortByThree = await partWithMinimum(owner, '少し不足', 2, 5);
    await partWithMinimum(owner, '在庫あり', 6, 5);
    const shortByNine = await partWithMinimum(owner, '大幅不足', 1, 10);
    const shortByThree = await partWithMinimum(owner, '在庫ゼロ', 0, 3);

    const alerts = await get<DashboardResponse['alerts']>(owner.token, '/api/dashboard/alerts');
    expect(alerts.lowStockParts).toEqual([
      { id: shortByNine.id, name: '大幅不足', current_stock: 1, min_stock_alert: 10 },
      // Same shortfall: the lower stock first.
      { id: shortByThree.id, name: '在庫ゼロ', current_stock: 0, min_stock_alert: 3 },
      { id: alsoShortByThree.id, name: '少し不足', current_stock: 2, min_stock_alert: 5 },
      { id: atMinimum.id, name: '在庫ちょうど', current_stock: 5, min_stock_alert: 5 },
    ]);
    expect(alerts).toMatchObject({ overdueOrders: [], upcomingOrders: [], lowStockPartsCount: 4, overdueOrdersCount: 0 });
  });

  it("sends the banner's first 5 low-stock parts and counts them all, in both answers", async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const parts = [];
    // Shortfalls 1 … 7: the largest first.
    for (let shortfall = 1; shortfall <= 7; shortfall++) parts.push(await partWithMinimum(owner, `部品${shortfall}`, 0, shortfall));
    await partWithMinimum(owner, '在庫あり', 3, 2);

    const alerts = await get<DashboardResponse['alerts']>(owner.token, '/api/dashboard/alerts');
    expect(alerts.lowStockParts.map((item) => item.name)).toEqual(['部品7', '部品6', '部品5', '部品4', '部品3']);
    expect(alerts.lowStockPartsCount).toBe(7);
    const dashboard = await get<DashboardResponse>(owner.token, '/api/dashboard');
    expect(dashboard.alerts).toEqual(alerts);
    expect(dashboard.stats.lowStockParts).toBe(7);
  });

  it('needs a session', async () => {
    expect((await call(app, 'GET', '/api/dashboard/alerts')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/dashboard')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/dashboard/calendar/2026/1')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/workspace/stats')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/calendar/{year}/{month}', () => {
  it('projects the manufacturable count on each arrival date from the stock that will have arrived by then', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { next } = months();
    const day = (n: number) => `${next.first.slice(0, 8)}${String(n).padStart(2, '0')}`;
    const partA = await createPart(app, owner.token, { name: '部品A', current_stock: 3 });
    const partB = await createPart(app, owner.token, { name: '部品B', current_stock: 10 });
    const partC = await createPart(app, owner.token, { name: '部品C', current_stock: 4 });
    const partD = await createPart(app, owner.token, { name: '部品D' });
    const productP = await createProduct(app, owner.token, { name: '商品P', recipe: [{ part_id: partA.id, quantity_required: 2 }, { part_id: partB.id, quantity_required: 1 }] });
    const productQ = await createProduct(app, owner.token, { name: '商品Q', recipe: [{ part_id: partC.id, quantity_required: 1 }] });
    await createProduct(app, owner.token, { name: 'レシピなし' });
    const empty = await createPart(app, owner.token, { name: '在庫なし部品' });
    await createProduct(app, owner.token, { name: '作れない商品', recipe: [{ part_id: empty.id, quantity_required: 1 }] });
    // A part with nothing on order caps W whatever arrives: 5 on every day.
    const partE = await createPart(app, owner.token, { name: '部品E', current_stock: 5 });
    const productW = await createProduct(app, owner.token, { name: '商品W', recipe: [{ part_id: partA.id, quantity_required: 1 }, { part_id: partE.id, quantity_required: 1 }] });
    const order = async (partId: number, quantity: number, expected: string, status: 'ordered' | 'shipped' | 'delivered' | 'cancelled' = 'ordered') =>
      (await createOrder(app, owner.token, partId, { quantity, order_date: fromToday(-30), expected_delivery_date: expected, status })).id;

    const aFirst = await order(partA.id, 4, day(5));
    const aSecond = await order(partA.id, 10, day(20), 'shipped');
    // Overdue, still open: late, so it counts on no day until it is delivered.
    await order(partC.id, 6, fromToday(-1));
    // Due today: not in hand today, expected by every later day.
    await order(partC.id, 2, today());
    await order(partC.id, 100, day(10), 'cancelled');
    // Delivered: in hand from today (B 10 + 50), no arrival.
    await order(partB.id, 50, day(8), 'delivered');
    // A part no recipe uses: an arrival, and no capacity changes that day.
    const dArrival = await order(partD.id, 7, day(12));
    // P's other part: P stays limited by A, so its count does not change and is not repeated.
    const bArrival = await order(partB.id, 1, day(15));

    const { events } = await get<{ events: DashboardCalendarEvent[] }>(owner.token, calendarUrl(next));
    expect(events).toEqual([
      arrivalEvent(aFirst, day(5), partA, 4),
      // The first projected day of a month lists every product that can be made: P = min(7 / 2, 60), Q = 4 + 2.
      capacityEvent(day(5), productP, 3),
      capacityEvent(day(5), productQ, 6),
      capacityEvent(day(5), productW, 5),
      arrivalEvent(dArrival, day(12), partD, 7),
      arrivalEvent(bArrival, day(15), partB, 1),
      arrivalEvent(aSecond, day(20), partA, 10),
      // Later days list the products whose count the day's arrivals raised: P = min(17 / 2, 60).
      capacityEvent(day(20), productP, 8),
    ]);
  });

  it("this month: results per product and day, arrivals inside the month (overdue ones marked), and today's count from the stock in hand", async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { current } = months();
    const partE = await createPart(app, owner.token, { name: '部品E', current_stock: 2 });
    const partF = await createPart(app, owner.token, { name: '部品F' });
    const productS = await createProduct(app, owner.token, { name: '商品S', recipe: [{ part_id: partE.id, quantity_required: 1 }] });
    const productT = await createProduct(app, owner.token, { name: '商品T' });
    const order = async (partId: number, quantity: number, expected: string) =>
      (await createOrder(app, owner.token, partId, { quantity, order_date: addDays(current.first, -40), expected_delivery_date: expected })).id;

    const eToday = await order(partE.id, 3, today());
    const eYesterday = await order(partE.id, 1, fromToday(-1));
    await order(partF.id, 1, addDays(current.first, -1));
    const fFirst = await order(partF.id, 2, current.first);
    await order(partF.id, 3, current.next);

    await insertManufacturingRecord(app, owner.workspaceId, { product: productT, quantity: 9, date: addDays(current.first, -1) });
    const firstDay = await insertManufacturingRecord(app, owner.workspaceId, { product: productT, quantity: 1, date: current.first });
    const sToday = await insertManufacturingRecord(app, owner.workspaceId, { product: productS, quantity: 2, date: today() });
    await insertManufacturingRecord(app, owner.workspaceId, { product: productS, quantity: 3, date: today() });
    const deleted = await insertManufacturingRecord(app, owner.workspaceId, { product: { id: null, name: '削除された商品' }, quantity: 4, date: today() });
    await insertManufacturingRecord(app, owner.workspaceId, { product: productS, quantity: 8, date: current.next });

    const { events } = await get<{ events: DashboardCalendarEvent[] }>(owner.token, calendarUrl(current));
    const ofKind = (kind: DashboardCalendarEvent['type']) => events.filter((event) => event.type === kind);
    expect(ofKind('manufacturing')).toEqual([
      manufacturingEvent(firstDay, current.first, productT, 1),
      manufacturingEvent(sToday, today(), productS, 5),
      manufacturingEvent(deleted, today(), { id: null, name: '削除された商品' }, 4),
    ]);
    // In date order, then order id (yesterday or the first day may be another day's neighbour).
    const arrivals = [
      // Late unless today is the first.
      { orderId: fFirst, event: (current.first < today() ? overdueArrivalEvent : arrivalEvent)(fFirst, current.first, partF, 2) },
      { orderId: eYesterday, event: overdueArrivalEvent(eYesterday, fromToday(-1), partE, 1) },
      { orderId: eToday, event: arrivalEvent(eToday, today(), partE, 3) },
    ];
    expect(events.filter((event) => event.type === 'arrival' || event.type === 'overdue_arrival')).toEqual(
      arrivals
        .filter(({ event }) => event.date >= current.first)
        .sort((a, b) => (a.event.date < b.event.date ? -1 : a.event.date > b.event.date ? 1 : a.orderId - b.orderId))
        .map(({ event }) => event),
    );
    // Today counts the stock in hand, as the product cards do: neither the overdue order nor today's.
    expect(ofKind('capacity')).toEqual([capacityEvent(today(), productS, 2)]);
    const dates = events.map((event) => event.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('a month that has ended has results and arrivals only, inside its bounds (December included)', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const part = await createPart(app, owner.token, { name: '古い部品', current_stock: 100 });
    const product = await createProduct(app, owner.token, { name: '古い商品', recipe: [{ part_id: part.id, quantity_required: 1 }] });
    const record = (date: string) => insertManufacturingRecord(app, owner.workspaceId, { product, quantity: 1, date });
    await record('2000-12-31');
    const first = await record('2001-01-01');
    const last = await record('2001-01-31');
    await record('2001-02-01');
    const december = await record('2001-12-31');
    await record('2002-01-01');
    const { id: arrival } = await createOrder(app, owner.token, part.id, { quantity: 5, order_date: '2001-01-02', expected_delivery_date: '2001-01-15' });

    const january = await get<{ events: DashboardCalendarEvent[] }>(owner.token, '/api/dashboard/calendar/2001/1');
    expect(january.events).toEqual([
      manufacturingEvent(first, '2001-01-01', product, 1),
      overdueArrivalEvent(arrival, '2001-01-15', part, 5),
      manufacturingEvent(last, '2001-01-31', product, 1),
    ]);
    const decemberEvents = await get<{ events: DashboardCalendarEvent[] }>(owner.token, '/api/dashboard/calendar/2001/12');
    expect(decemberEvents.events).toEqual([manufacturingEvent(december, '2001-12-31', product, 1)]);
  });

  it('answers 400 for a year or month out of range, not a whole number or not in its one plain spelling', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    for (const [path, message] of [
      ['1999/1', '年が正しくありません'],
      ['2101/1', '年が正しくありません'],
      ['abc/1', '年が正しくありません'],
      ['2025.0/1', '年が正しくありません'],
      ['2e3/1', '年が正しくありません'],
      ['%202025/1', '年が正しくありません'],
      ['+2025/1', '年が正しくありません'],
      ['2026/0', '月が正しくありません'],
      ['2026/13', '月が正しくありません'],
      ['2026/1.5', '月が正しくありません'],
      ['2026/x', '月が正しくありません'],
      ['2025/%201', '月が正しくありません'],
      ['2025/1%20', '月が正しくありません'],
      ['2025/01', '月が正しくありません'],
      ['2025/1.0', '月が正しくありません'],
      ['2025/0x1', '月が正しくありません'],
    ]) {
      const response = await call(app, 'GET', `/api/dashboard/calendar/${path}`, { token: owner.token });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error, path).toBe(message);
    }
  });
});

describe('GET /api/workspace/stats', () => {
  it('counts active members, parts, products and parts at or below their minimum of the workspace only', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const colleague = await registerUser(app);
    const former = await registerUser(app);
    const now = new Date().toISOString();
    await app.db
      .insertInto('memberships')
      .values([
        { workspace_id: owner.workspaceId, user_id: colleague.user.id, role: 'member', is_active: 1, created_at: now, updated_at: now },
        { workspace_id: owner.workspaceId, user_id: former.user.id, role: 'member', is_active: 0, created_at: now, updated_at: now },
      ])
      .execute();
    await partWithMinimum(owner, '境界', 5, 5);
    await partWithMinimum(owner, '不足', 1, 5);
    await partWithMinimum(owner, '十分', 6, 5);
    await createProduct(app, owner.token);
    await createProduct(app, owner.token);

    // Another workspace's members, parts and products are never counted.
    const other = await registerUser(app, { name: '製造担当' });
    await partWithMinimum(other, '他の不足', 0, 5);
    await createProduct(app, other.token);

    expect(await get(owner.token, '/api/workspace/stats')).toEqual({ members: 2, parts: 3, products: 2, lowStockParts: 2 });
    expect(await get(other.token, '/api/workspace/stats')).toEqual({ members: 1, parts: 1, products: 1, lowStockParts: 1 });
  });
});

describe('GET /api/dashboard', () => {
  it('answers every part of the dashboard in one call', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { current } = months();
    const lastDay = addDays(current.next, -1);
    const lowPart = await partWithMinimum(owner, '少ない部品', 1, 4);
    const part = await createPart(app, owner.token, { name: '普通の部品', current_stock: 30 });
    const notOrdered = await createPart(app, owner.token, { name: '発注なしの部品', current_stock: 7 });
    const productU = await createProduct(app, owner.token, {
      name: 'う商品',
      current_stock: 2,
      recipe: [
        { part_id: part.id, quantity_required: 3 },
        { part_id: notOrdered.id, quantity_required: 1 },
      ],
    });
    const productA = await createProduct(app, owner.token, { name: 'あ商品', recipe: [{ part_id: lowPart.id, quantity_required: 1 }] });
    const productI = await createProduct(app, owner.token, { name: 'い商品' });
    await createOrder(app, owner.token, part.id, { quantity: 6, order_date: fromToday(-20), expected_delivery_date: fromToday(-2) });
    await createOrder(app, owner.token, lowPart.id, { quantity: 2, order_date: fromToday(-20), expected_delivery_date: fromToday(1) });

    const plan = (start: number, end: number, status: 'active' | 'completed' | 'cancelled' = 'active') =>
      insertPlanWithStatus(app, owner, { productId: productA.id, start: fromToday(start), end: fromToday(end), status });
    await plan(-10, -4);
    const endsAtWindowStart = await plan(-10, -3, 'cancelled');
    const startsAtWindowEnd = await plan(3, 10);
    await plan(4, 10);
    const aroundToday = await plan(-1, 1);
    const completed = await plan(-2, 0, 'completed');
    const fromToday0 = await plan(0, 5);
    const tomorrow = await plan(1, 2);

    const records: Array<{ id: number; date: string }> = [];
    for (const [offset, quantity] of [[-40, 1], [-3, 2], [-1, 3], [-1, 4], [0, 5], [-7, 6], [-2, 7]] as const) {
      const date = fromToday(offset);
      records.push({ id: await insertManufacturingRecord(app, owner.workspaceId, { product: productU, quantity, date }), date });
    }

    const sales: Array<{ id: number; date: string }> = [];
    for (const [date, totalSen] of [
      [addDays(current.first, -1), 99_999],
      [current.first, 100_025],
      [today(), 200_050],
      [lastDay, 30_000],
      [current.next, 88_888],
      [today(), 1],
    ] as const) {
      sales.push({ id: (await insertSales(app, owner.workspaceId, [{ product: productU, unit_price_sen: totalSen, sale_date: date }]))[0]!, date });
    }

    const dashboard = await get<DashboardResponse>(owner.token, '/api/dashboard');
    expect(Object.keys(dashboard).sort()).toEqual(
      ['alerts', 'calendar', 'capacities', 'month_revenue', 'plans', 'products', 'recent_records', 'recent_sales', 'stats'].sort(),
    );
    expect(dashboard.products.map((product) => product.name)).toEqual(['あ商品', 'い商品', 'う商品']);
    expect(dashboard.products).toEqual(
      [productA, productI, productU].map((product) => expect.objectContaining({ id: product.id, name: product.name })),
    );
    expect(dashboard.products.find((product) => product.id === productU.id)).toMatchObject({ current_stock: 2, recipe_line_count: 2 });
    expect(dashboard.capacities).toEqual(await get(owner.token, '/api/manufacturing/capacity/all'));
    // う: min(30 / 3, 7), its part without orders limiting it.
    expect(dashboard.capacities).toEqual([
      { product_id: productU.id, max_manufacturable: 7 },
      { product_id: productA.id, max_manufacturable: 1 },
      { product_id: productI.id, max_manufacturable: 0 },
    ]);

    // Every status overlapping today − 3 … today + 3, earliest start first, at most 5.
    expect(dashboard.plans.map((plan) => plan.id)).toEqual([endsAtWindowStart, completed, aroundToday, fromToday0, tomorrow]);
    expect(dashboard.plans.map((plan) => plan.id)).not.toContain(startsAtWindowEnd);
    expect(dashboard.plans[0]).toMatchObject({ product_id: productA.id, product_name: 'あ商品', status: 'cancelled', start_date: fromToday(-10), end_date: fromToday(-3) });

    expect(dashboard.alerts).toEqual(await get(owner.token, '/api/dashboard/alerts'));
    expect(dashboard.alerts.overdueOrdersCount).toBe(1);
    expect(dashboard.alerts.upcomingOrders).toHaveLength(1);
    expect(dashboard.alerts.lowStockParts.map((item) => item.id)).toEqual([lowPart.id]);
    expect(dashboard.alerts.lowStockPartsCount).toBe(1);

    expect(dashboard.calendar).toEqual(await get(owner.token, calendarUrl(current)));
    expect(dashboard.calendar.events.some((event) => event.type === 'capacity' && event.date === today())).toBe(true);

    expect(dashboard.stats).toEqual({ members: 1, parts: 3, products: 3, lowStockParts: 1 });
    expect(dashboard.stats).toEqual(await get(owner.token, '/api/workspace/stats'));

    // 1000.25 + 2000.50 + 300 + 0.01 yen: this calendar month's sales only.
    expect(dashboard.month_revenue).toBeCloseTo(3300.76, 2);

    const latest = <T extends { id: number; date: string }>(rows: T[]) =>
      [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id)).slice(0, 5).map((row) => row.id);
    expect(dashboard.recent_records.map((record) => record.id)).toEqual(latest(records));
    expect(dashboard.recent_records[0]).toEqual({
      id: records[4]!.id,
      product_id: productU.id,
      product_name: 'う商品',
      quantity: 5,
      manufacturing_date: today(),
      notes: null,
      created_at: expect.any(String),
    });
    expect(dashboard.recent_sales.map((sale) => sale.id)).toEqual(latest(sales));
    expect(dashboard.recent_sales.find((sale) => sale.id === sales[1]!.id)).toMatchObject({
      product_id: productU.id,
      product_name: 'う商品',
      total_amount: 1000.25,
      sale_date: current.first,
    });
  });

  it("today's manufacturable count is the product card's and the capacity check's; later days add only open orders not overdue", async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    // 木製トレイ: 板 ×1 (10 in stock), ネジ ×2 (2 in stock): 1 can be made now.
    const board = await createPart(app, owner.token, { name: '板', current_stock: 10 });
    const screws = await createPart(app, owner.token, { name: 'ネジ', current_stock: 2 });
    const tray = await createProduct(app, owner.token, { name: '木製トレイ', recipe: [{ part_id: board.id, quantity_required: 1 }, { part_id: screws.id, quantity_required: 2 }] });
    const order = async (quantity: number, expected: string, status: 'ordered' | 'shipped' | 'cancelled' = 'ordered') =>
      (await createOrder(app, owner.token, screws.id, { quantity, order_date: fromToday(-20), expected_delivery_date: expected, status })).id;
    // Ten screws five days late: they have not arrived, so they make nothing.
    await order(10, fromToday(-5));
    await order(4, today(), 'shipped');
    await order(100, fromToday(2), 'cancelled');
    await order(6, fromToday(2));

    const dashboard = await get<DashboardResponse>(owner.token, '/api/dashboard');
    const card = dashboard.capacities.find((capacity) => capacity.product_id === tray.id)!.max_manufacturable;
    const check = (await get<{ max_manufacturable: number }>(owner.token, `/api/manufacturing/capacity/${tray.id}`)).max_manufacturable;
    expect([card, check]).toEqual([1, 1]);
    const todays = dashboard.calendar.events.filter((event) => event.type === 'capacity' && event.date === today());
    expect(todays).toEqual([capacityEvent(today(), tray, card)]);

    // In two days: 2 in hand + 4 due today + 6 due then = 12 screws, 6 trays (the late 10 and the cancelled 100 left out).
    const inTwoDays = fromToday(2);
    const month = { year: Number(inTwoDays.slice(0, 4)), month: Number(inTwoDays.slice(5, 7)) };
    const { events } = await get<{ events: DashboardCalendarEvent[] }>(owner.token, calendarUrl(month));
    expect(events.filter((event) => event.type === 'capacity' && event.date === inTwoDays)).toEqual([capacityEvent(inTwoDays, tray, 6)]);
  });

  it("never shows another workspace's data, and an empty workspace answers empty lists and zeros", async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const stranger = await registerUser(app, { name: '製造担当' });
    const part = await partWithMinimum(owner, '秘密の部品', 0, 5);
    const product = await createProduct(app, owner.token, { name: '秘密の商品', current_stock: 1, recipe: [{ part_id: part.id, quantity_required: 1 }] });
    await createOrder(app, owner.token, part.id, { quantity: 5, order_date: fromToday(-9), expected_delivery_date: fromToday(-1) });
    await createOrder(app, owner.token, part.id, { quantity: 5, order_date: fromToday(-9), expected_delivery_date: fromToday(1) });
    await createPlan(app, owner.token, { product_id: product.id, quantity: 4, start_date: fromToday(-1), end_date: fromToday(1) });
    await insertManufacturingRecord(app, owner.workspaceId, { product, quantity: 1, date: today() });
    await insertSales(app, owner.workspaceId, [{ product, unit_price_sen: 5000, sale_date: today() }]);

    const { current } = months();
    const empty = await get<DashboardResponse>(stranger.token, '/api/dashboard');
    expect(empty).toEqual({
      products: [],
      capacities: [],
      plans: [],
      alerts: { overdueOrders: [], upcomingOrders: [], lowStockParts: [], lowStockPartsCount: 0, overdueOrdersCount: 0 },
      calendar: { events: [] },
      stats: { members: 1, parts: 0, products: 0, lowStockParts: 0 },
      month_revenue: 0,
      recent_records: [],
      recent_sales: [],
    });
    expect(await get(stranger.token, '/api/dashboard/alerts')).toEqual(empty.alerts);
    expect(await get(stranger.token, calendarUrl(current))).toEqual({ events: [] });

    // The owner sees all of it.
    const own = await get<DashboardResponse>(owner.token, '/api/dashboard');
    expect(own.products.map((item) => item.id)).toEqual([product.id]);
    expect(own.plans).toHaveLength(1);
    expect(own.alerts.overdueOrdersCount).toBe(1);
    expect(own.alerts.upcomingOrders).toHaveLength(1);
    expect(own.alerts.lowStockParts).toHaveLength(1);
    expect(own.alerts.lowStockPartsCount).toBe(1);
    expect(own.calendar.events.map((event) => event.type)).toEqual(expect.arrayContaining(['manufacturing', 'arrival', 'capacity']));
    expect(own.stats).toEqual({ members: 1, parts: 1, products: 1, lowStockParts: 1 });
    expect(own.month_revenue).toBe(50);
    expect(own.recent_records).toHaveLength(1);
    expect(own.recent_sales).toHaveLength(1);
  });
});

describe('the date arithmetic behind the windows', () => {
  it('moves across months, years and leap days, and bounds months', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-29', 4)).toBe('2027-01-02');
    expect(addDays('2027-01-02', -4)).toBe('2026-12-29');
    expect(addDays('0050-06-15', 3)).toBe('0050-06-18');
    expect(monthBounds(2026, 12)).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(monthBounds(2026, 2)).toEqual({ first: '2026-02-01', next: '2026-03-01' });
  });
});
