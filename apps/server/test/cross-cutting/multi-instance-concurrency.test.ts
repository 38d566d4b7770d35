import { API_BASE, apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse } from '@inventory/contracts/auth';
import { manufactureOverCapacityMessage, type ManufactureResponse, type Plan, saleOverStockMessage } from '@inventory/contracts/manufacturing';
import type { Order } from '@inventory/contracts/orders';
import type { Part, StockEntryResponse } from '@inventory/contracts/parts';
import type { Product, SellResponse } from '@inventory/contracts/products';
import type { Sale } from '@inventory/contracts/sales';
import type { ProductSalesStatistics, SalesSummary } from '@inventory/contracts/sales';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { manufactureMessages } from '../../src/domains/manufacturing/manufacture-service.ts';
import { orderMessages } from '../../src/domains/orders/order-service.ts';
import { saleMessages } from '../../src/domains/sales/sales-service.ts';
import { uniqueEmail } from '../factories/users.ts';
import { checkSalesReports, checkStockInvariants } from '../helpers/stock-invariants.ts';
import { testConfig } from '../helpers/test-app.ts';

// Several app instances (separate buildApp servers, each on its own local port) on ONE
// PostgreSQL database, as in "Deploy on PostgreSQL with several instances" (README), hammered
// over real HTTP with manufactures, sales, sale edits and deletes, receipts and deliveries of the
// same parts and products at once. Every refusal must be a 409 with a Japanese message the
// operation can give; no 500, no deadlock, no timeout. A sampler checks the stock invariants in
// one statement (one snapshot) while the requests run, and everything is checked again at the end
// against what the clients were told: the stock of every part and product follows exactly from
// the successful calls, equals its ledger, and never went below zero.

/** App instances, each with its own connection pool (10) and HTTP port; the final reads go to the first four. */
const INSTANCES = 4;
/** Requests of the hammering phase, delivery attempts included. */
const REQUESTS = 800;
/** Requests in flight at the same time, spread over the instances. */
const IN_FLIGHT = 32;
/** Purchase orders; each is delivered by one simultaneous attempt per instance (exactly one wins). */
const ORDERS = 16;
/** Share of the other requests per operation (%). */
const MIX = { manufacture: 35, sell: 30, receipt: 12, editSale: 13, deleteSale: 10 } as const;
/**
 * A request that takes longer counts as a failure: a wait that never ends (PostgreSQL breaks a
 * deadlock within a second, but not a transaction waiting for a pool connection held by another
 * that waits for its lock). Queues on the hottest part row make single requests take seconds on a
 * busy 2-core machine, hence the margin.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** Pause between two invariant samples taken while the requests run. */
const SAMPLE_PAUSE_MS = 50;
const SEED = 20261122;

const PART_STOCK = 40;
const PRODUCT_STOCK = 5;
const PART_PRICES = [12.5, 30, 7.25, 100];
/**
 * Recipes by part index ([part, quantity]). They overlap so that two manufactures taking their
 * parts in different orders could deadlock; the second lists its parts against id order.
 */
const RECIPES = [
  [
    [0, 2],
    [1, 1],
    [2, 1],
    [3, 1],
  ],
  [
    [3, 1],
    [1, 1],
  ],
  [
    [0, 1],
    [2, 1],
    [3, 1],
  ],
] as const;
const PLAN_QUANTITY = 60;
const DATE = '2026-11-22';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const SQLITE_REASON = 'skipped on SQLite, which serves a single instance: README, "Deploy on PostgreSQL with several instances"';

/** Deterministic random numbers (mulberry32), so a failing mix of operations can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sen = (yen: number) => Math.round(yen * 100);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with a number in it (stock, capacity) as a pattern. */
const withNumber = (message: (n: number) => string) => new RegExp(`^${escape(message(987654321)).replace('987654321', '\\d+')}$`);

/** The 409 messages each operation may answer under contention; anything else is a failure. */
const REFUSALS = {
  manufacture: [withNumber(manufactureOverCapacityMessage), manufactureMessages.contended],
  sell: [withNumber(saleOverStockMessage)],
  editSale: [withNumber(saleOverStockMessage), saleMessages.concurrentEdit],
  deleteSale: [saleMessages.concurrentEdit],
  receipt: [],
  deliver: [orderMessages.deliveredIsFinal],
} satisfies Record<string, Array<string | RegExp>>;
type Operation = keyof typeof REFUSALS;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

const TITLE = `${INSTANCES} app instances on one PostgreSQL database`;

describe.skipIf(!onPostgres)(onPostgres ? TITLE : `${TITLE} (${SQLITE_REASON})`, () => {
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  let token = '';
  let workspaceId = 0;

  beforeAll(async () => {
    for (let index = 0; index < INSTANCES; index++) {
      const app = await buildApp(testConfig());
      apps.push(app);
      bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
    const registered = await send(0, 'POST', apiPaths.auth.register, { name: '同時実行', email: uniqueEmail('instances'), password: 'password123' });
    expect(registered.status, registered.text).toBe(201);
    const auth = registered.body as AuthResponse;
    token = auth.token;
    workspaceId = auth.user.current_workspace.id;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function send(instance: number, method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(`${bases[instance]}${API_BASE}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Reported below as a failure (the body is not JSON).
      }
      return { status: response.status, body: parsed, text };
    } catch (error) {
      return { status: 0, body: null, text: `no answer: ${(error as Error).message}` };
    }
  }

  async function setUp<T>(path: string, body: unknown): Promise<T> {
    const answer = await send(0, 'POST', path, body);
    expect(answer.status, answer.text).toBe(201);
    return answer.body as T;
  }

  async function read<T>(instance: number, path: string): Promise<T> {
    const answer = await send(instance, 'GET', path);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as T;
  }

  /**
   * One statement, so one snapshot even while others commit: every item's stock is ≥ 0, equals
   * the sum of its ledger, and follows from the rows that moved it (a part: opening + stock
   * entries (receipts and deliveries) − recipe × manufactured; a product: opening + manufactured −
   * sold). Answers the items that break any of it.
   */
  async function sampleInvariants(db: FastifyInstance['db']) {
    const { rows } = await sql<{ kind: string; id: number; stock: number; ledger: number; moved: number }>`
      with consumed as (
        select rl.part_id, sum(r.quantity * rl.quantity_required) as quantity
        from manufacturing_records r join recipe_lines rl on rl.product_id = r.product_id
        where r.workspace_id = ${workspaceId}
        group by rl.part_id
      )
      select 'part' as kind, p.id, p.current_stock as stock,
        coalesce((select sum(m.quantity_delta) from stock_movements m where m.part_id = p.id), 0) as ledger,
        ${PART_STOCK} + coalesce((select sum(e.quantity) from stock_entries e where e.part_id = p.id), 0)
          - coalesce((select c.quantity from consumed c where c.part_id = p.id), 0) as moved
      from parts p where p.workspace_id = ${workspaceId}
      union all
      select 'product', pr.id, pr.current_stock,
        coalesce((select sum(m.quantity_delta) from stock_movements m where m.product_id = pr.id), 0),
        ${PRODUCT_STOCK} + coalesce((select sum(r.quantity) from manufacturing_records r where r.product_id = pr.id), 0)
          - coalesce((select sum(s.quantity) from sales s where s.product_id = pr.id), 0)
      from products pr where pr.workspace_id = ${workspaceId}`.execute(db);
    return rows.filter((row) => row.stock < 0 || Number(row.ledger) !== row.stock || Number(row.moved) !== row.stock);
  }

  it(
    `${REQUESTS} simultaneous manufactures, sales, sale edits and deletes, receipts and deliveries keep every stock exact`,
    async () => {
      const rng = random(SEED);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
      const between = (low: number, high: number) => low + Math.floor(rng() * (high - low + 1));

      // The shop: 4 parts, 3 products made of them, a plan for the first, purchase orders.
      const parts: Part[] = [];
      for (const [index, price] of PART_PRICES.entries()) {
        parts.push(await setUp<Part>(apiPaths.parts.list, { name: `部品${index + 1}`, unit_price: price, current_stock: PART_STOCK }));
      }
      const products: Product[] = [];
      const recipes = new Map<number, Array<{ partId: number; quantity: number }>>();
      for (const [index, recipe] of RECIPES.entries()) {
        const product = await setUp<Product>(apiPaths.products.list, { name: `商品${index + 1}`, current_stock: PRODUCT_STOCK });
        const lines = recipe.map(([part, quantity]) => ({ partId: parts[part]!.id, quantity }));
        const saved = await send(0, 'POST', apiPaths.products.recipe(product.id), {
          recipes: lines.map((line) => ({ part_id: line.partId, quantity_required: line.quantity })),
        });
        expect(saved.status, saved.text).toBe(200);
        recipes.set(product.id, lines);
        products.push(await read<Product>(0, apiPaths.products.one(product.id)));
      }
      const plan = await setUp<Plan>(apiPaths.manufacturing.plans, {
        product_id: products[0]!.id,
        quantity: PLAN_QUANTITY,
        start_date: '2026-11-01',
        end_date: '2026-11-30',
      });
      const orders: Order[] = [];
      for (let index = 0; index < ORDERS; index++) {
        orders.push(await setUp<Order>(apiPaths.parts.order(pick(parts).id), { quantity: between(10, 25), order_date: DATE }));
      }

      // The requests, decided up front from the seed; the attempts to deliver one order go
      // out together, one per instance, half by the deliver call and half by a status change.
      type Step = { operation: Exclude<Operation, 'deliver'>; instance: number } | { operation: 'deliver'; instance: number; order: Order };
      const weighted = Object.entries(MIX).flatMap(([operation, weight]) => Array<Exclude<Operation, 'deliver'>>(weight).fill(operation as Exclude<Operation, 'deliver'>));
      const steps: Step[] = Array.from({ length: REQUESTS - ORDERS * INSTANCES }, () => ({ operation: pick(weighted), instance: between(0, INSTANCES - 1) }));
      for (const order of orders) {
        const at = between(0, steps.length);
        steps.splice(at, 0, ...Array.from({ length: INSTANCES }, (_, instance) => ({ operation: 'deliver' as const, instance, order })));
      }

      // What the clients were told.
      const failures: string[] = [];
      const outcomes = Object.fromEntries(Object.keys(REFUSALS).map((operation) => [operation, { done: 0, refused: 0 }])) as Record<Operation, { done: number; refused: number }>;
      const made = new Map<number, number>(products.map((product) => [product.id, 0]));
      const records = new Map<number, { productId: number; quantity: number }>();
      const receipts = new Map<number, { partId: number; quantity: number }>();
      const deliveries = new Map<number, number>(orders.map((order) => [order.id, 0]));
      interface TrackedSale {
        id: number;
        /** As the last answer about it said (simultaneous edits may have committed in another order). */
        productId: number;
        editsInFlight: number;
        deleting: boolean;
      }
      const liveSales = new Map<number, TrackedSale>();
      const createdSales = new Set<number>();
      const deletedSales = new Set<number>();

      /** Counts a success; checks that a refusal is a 409 with one of the operation's messages; anything else fails. */
      const judge = (operation: Operation, instance: number, answer: Answer, success: number): boolean => {
        if (answer.status === success) {
          outcomes[operation].done++;
          return true;
        }
        const error = (answer.body as { error?: unknown } | null)?.error;
        const allowed = REFUSALS[operation] as Array<string | RegExp>;
        if (answer.status === 409 && typeof error === 'string' && allowed.some((message) => (typeof message === 'string' ? message === error : message.test(error)))) {
          outcomes[operation].refused++;
          return false;
        }
        failures.push(`${operation} on instance ${instance}: ${answer.status} ${answer.text}`);
        return false;
      };

      const run = async (step: Step) => {
        const { instance } = step;
        switch (step.operation) {
          case 'manufacture': {
            const product = pick(products);
            const quantity = between(1, 3);
            const answer = await send(instance, 'POST', apiPaths.manufacturing.manufacture(product.id), { quantity, manufacturing_date: DATE });
            if (judge('manufacture', instance, answer, 201)) {
              const { record } = answer.body as ManufactureResponse;
              made.set(product.id, made.get(product.id)! + quantity);
              records.set(record.id, { productId: product.id, quantity });
            }
            return;
          }
          case 'receipt': {
            const part = pick(parts);
            const quantity = between(1, 15);
            const answer = await send(instance, 'POST', apiPaths.parts.stockEntry(part.id), { quantity, entry_date: DATE });
            if (judge('receipt', instance, answer, 201)) receipts.set((answer.body as StockEntryResponse).entry.id, { partId: part.id, quantity });
            return;
          }
          case 'deliver': {
            const { order } = step;
            const answer =
              instance % 2 === 0
                ? await send(instance, 'POST', apiPaths.orders.deliver(order.id))
                : await send(instance, 'PUT', apiPaths.orders.one(order.id), { status: 'delivered', expected_delivery_date: null });
            if (judge('deliver', instance, answer, 200)) deliveries.set(order.id, deliveries.get(order.id)! + 1);
            return;
          }
          case 'editSale': {
            const sale = pick([...liveSales.values()].filter((candidate) => !candidate.deleting));
            if (!sale) return run({ operation: 'sell', instance });
            sale.editsInFlight++;
            // A new quantity and price; one edit in three moves the sale to a product picked at random.
            const answer = await send(instance, 'PUT', apiPaths.sales.one(sale.id), {
              product_id: rng() < 1 / 3 ? pick(products).id : sale.productId,
              quantity: between(1, 3),
              unit_price: between(100_000, 300_000) / 100,
              sale_date: DATE,
            });
            sale.editsInFlight--;
            if (judge('editSale', instance, answer, 200)) sale.productId = (answer.body as Sale).product_id!;
            return;
          }
          case 'deleteSale': {
            // Never a sale with an edit under way: the edit would rightly answer 404.
            const sale = pick([...liveSales.values()].filter((candidate) => !candidate.deleting && candidate.editsInFlight === 0));
            if (!sale) return run({ operation: 'sell', instance });
            sale.deleting = true;
            const answer = await send(instance, 'DELETE', apiPaths.sales.one(sale.id));
            if (judge('deleteSale', instance, answer, 200)) {
              liveSales.delete(sale.id);
              deletedSales.add(sale.id);
            } else {
              sale.deleting = false;
            }
            return;
          }
          case 'sell': {
            const product = pick(products);
            const answer = await send(instance, 'POST', apiPaths.products.sell(product.id), {
              quantity: between(1, 3),
              unit_price: between(100_000, 300_000) / 100,
              sale_date: DATE,
            });
            if (judge('sell', instance, answer, 201)) {
              const { sale } = answer.body as SellResponse;
              createdSales.add(sale.id);
              liveSales.set(sale.id, { id: sale.id, productId: product.id, editsInFlight: 0, deleting: false });
            }
            return;
          }
        }
      };
      // The sampler reads through the first instance's pool while the requests run.
      let running = true;
      const violations: string[] = [];
      let samples = 0;
      const sampler = (async () => {
        while (running) {
          for (const row of await sampleInvariants(apps[0]!.db)) violations.push(`${row.kind} ${row.id}: stock ${row.stock}, ledger ${row.ledger}, from its rows ${row.moved}`);
          samples++;
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_PAUSE_MS));
        }
      })();

      let next = 0;
      const workers = Array.from({ length: IN_FLIGHT }, async () => {
        while (next < steps.length) await run(steps[next++]!);
      });
      await Promise.all(workers);
      running = false;
      await sampler;

      expect(failures).toEqual([]);
      expect(violations).toEqual([]);
      expect(samples).toBeGreaterThan(0);
      // The figures are chosen so that stock runs out: both outcomes must have happened.
      for (const operation of ['manufacture', 'sell', 'deliver'] as const) {
        expect(outcomes[operation].done, operation).toBeGreaterThan(0);
        expect(outcomes[operation].refused, operation).toBeGreaterThan(0);
      }
      expect(outcomes.editSale.done + outcomes.deleteSale.done + outcomes.receipt.done).toBeGreaterThan(0);

      const db = apps[0]!.db;
      // Each order was delivered exactly once, with one stock entry and one ledger row.
      for (const order of orders) {
        expect(deliveries.get(order.id), `order ${order.id}`).toBe(1);
        const entries = await db.selectFrom('stock_entries').select(['quantity', 'part_id']).where('order_id', '=', order.id).execute();
        expect(entries, `order ${order.id}`).toEqual([{ quantity: order.quantity, part_id: order.part_id }]);
        const delivered = await read<Order>(order.id % INSTANCES, apiPaths.orders.one(order.id));
        expect(delivered.status).toBe('delivered');
      }

      const movements = await db
        .selectFrom('stock_movements')
        .select(['id', 'part_id', 'product_id', 'kind', 'quantity_delta', 'balance_after', 'reference_id'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute();

      // Every item's ledger, in commit order, is a running balance that never goes below zero
      // and ends at its stock.
      const balances = new Map<string, number>();
      for (const movement of movements) {
        const key = movement.part_id !== null ? `part ${movement.part_id}` : `product ${movement.product_id}`;
        const balance = (balances.get(key) ?? 0) + movement.quantity_delta;
        expect(movement.balance_after, `${key}, movement ${movement.id}`).toBe(balance);
        expect(balance, `${key}, movement ${movement.id}`).toBeGreaterThanOrEqual(0);
        balances.set(key, balance);
      }

      // Parts: opening + receipts + deliveries − recipe × what the clients were told was made.
      const expectedParts = new Map<number, number>(parts.map((part) => [part.id, PART_STOCK]));
      for (const { partId, quantity } of receipts.values()) expectedParts.set(partId, expectedParts.get(partId)! + quantity);
      for (const order of orders) expectedParts.set(order.part_id, expectedParts.get(order.part_id)! + order.quantity);
      for (const [productId, quantity] of made) {
        for (const line of recipes.get(productId)!) expectedParts.set(line.partId, expectedParts.get(line.partId)! - quantity * line.quantity);
      }
      const partsNow = await read<Part[]>(1, apiPaths.parts.list);
      for (const part of parts) {
        const stock = partsNow.find((candidate) => candidate.id === part.id)!.current_stock;
        expect(stock, part.name).toBe(expectedParts.get(part.id));
        expect(balances.get(`part ${part.id}`), part.name).toBe(stock);
      }

      // Manufacturing records: exactly the successful calls, each consuming its recipe once.
      const storedRecords = await db.selectFrom('manufacturing_records').select(['id', 'product_id', 'quantity']).where('workspace_id', '=', workspaceId).execute();
      expect(new Map(storedRecords.map((record) => [record.id, { productId: record.product_id, quantity: record.quantity }]))).toEqual(records);
      for (const [recordId, { productId, quantity }] of records) {
        const rows = movements.filter((movement) => movement.reference_id === recordId && movement.kind.startsWith('manufacture'));
        const expected = [
          ...recipes.get(productId)!.map((line) => ({ part_id: line.partId, product_id: null, kind: 'manufacture_consume', quantity_delta: -quantity * line.quantity })),
          { part_id: null, product_id: productId, kind: 'manufacture', quantity_delta: quantity },
        ];
        expect(rows.map(({ part_id, product_id, kind, quantity_delta }) => ({ part_id, product_id, kind, quantity_delta })), `record ${recordId}`).toEqual(
          expect.arrayContaining(expected),
        );
        expect(rows).toHaveLength(expected.length);
      }
      // Nothing else moved stock: every ledger row is an opening stock or one of the calls above.
      const kinds = new Map<string, number>();
      for (const movement of movements) kinds.set(movement.kind, (kinds.get(movement.kind) ?? 0) + 1);
      const consumeRows = [...records.values()].reduce((sum, record) => sum + recipes.get(record.productId)!.length, 0);
      expect(Object.fromEntries([...kinds].filter(([kind]) => !kind.startsWith('sale')))).toEqual({
        initial: parts.length + products.length,
        manufacture_consume: consumeRows,
        manufacture: records.size,
        receipt: receipts.size,
        order_delivery: orders.length,
      });
      expect(movements.filter((movement) => movement.kind.startsWith('sale') && !createdSales.has(movement.reference_id!))).toEqual([]);
      // Receipts: one ledger row each, of its quantity.
      for (const [entryId, { partId, quantity }] of receipts) {
        const rows = movements.filter((movement) => movement.kind === 'receipt' && movement.reference_id === entryId);
        expect(rows.map((row) => [row.part_id, row.quantity_delta]), `receipt ${entryId}`).toEqual([[partId, quantity]]);
      }

      // Sales: the ones sold and not deleted; each holds its quantity out of its product's stock
      // in the ledger (a deleted one holds nothing), and the products' stock follows.
      const sales = await read<Sale[]>(2, `${apiPaths.sales.list}?limit=10000`);
      expect(new Set(sales.map((sale) => sale.id))).toEqual(new Set([...createdSales].filter((id) => !deletedSales.has(id))));
      for (const saleId of createdSales) {
        const sale = sales.find((candidate) => candidate.id === saleId);
        const net = new Map<number, number>();
        for (const movement of movements) {
          if (movement.reference_id === saleId && movement.kind.startsWith('sale') && movement.product_id !== null) {
            net.set(movement.product_id, (net.get(movement.product_id) ?? 0) + movement.quantity_delta);
          }
        }
        for (const product of products) expect(net.get(product.id) ?? 0, `sale ${saleId}, product ${product.id}`).toBe(sale?.product_id === product.id ? -sale.quantity : 0);
      }
      const productsNow = await read<Product[]>(3, apiPaths.products.list);
      for (const product of products) {
        const sold = sales.filter((sale) => sale.product_id === product.id).reduce((sum, sale) => sum + sale.quantity, 0);
        const stock = productsNow.find((candidate) => candidate.id === product.id)!.current_stock;
        expect(stock, product.name).toBe(PRODUCT_STOCK + made.get(product.id)! - sold);
        expect(balances.get(`product ${product.id}`), product.name).toBe(stock);
      }

      // Sales totals: each sale's figures, and the summary and per-product totals, add up.
      const costs = new Map(products.map((product) => [product.id, sen(product.cost)]));
      for (const sale of sales) {
        expect(sen(sale.total_amount), `sale ${sale.id}`).toBe(sen(sale.unit_price) * sale.quantity);
        expect(sen(sale.total_cost), `sale ${sale.id}`).toBe(costs.get(sale.product_id!)! * sale.quantity);
        expect(sen(sale.profit), `sale ${sale.id}`).toBe(sen(sale.total_amount) - sen(sale.total_cost));
      }
      const total = (rows: Sale[], field: 'total_amount' | 'total_cost' | 'profit') => rows.reduce((sum, sale) => sum + sen(sale[field]), 0);
      const summary = await read<SalesSummary>(0, apiPaths.sales.summary);
      expect({ amount: sen(summary.total_sales), cost: sen(summary.total_cost), profit: sen(summary.total_profit), count: summary.total_transactions }).toEqual({
        amount: total(sales, 'total_amount'),
        cost: total(sales, 'total_cost'),
        profit: total(sales, 'profit'),
        count: sales.length,
      });
      const byProduct = await read<ProductSalesStatistics[]>(1, apiPaths.sales.byProduct);
      for (const product of products) {
        const own = sales.filter((sale) => sale.product_id === product.id);
        const row = byProduct.find((candidate) => candidate.product_id === product.id);
        expect(row ? [row.total_quantity, sen(row.total_amount), row.total_transactions] : [0, 0, 0], product.name).toEqual([
          own.reduce((sum, sale) => sum + sale.quantity, 0),
          total(own, 'total_amount'),
          own.length,
        ]);
      }

      // The plan counted what was made of its product, earliest plan first, down to 0.
      const planNow = await read<Plan>(2, apiPaths.manufacturing.plan(plan.id));
      const remaining = Math.max(0, PLAN_QUANTITY - made.get(products[0]!.id)!);
      expect([planNow.remaining_quantity, planNow.status]).toEqual([remaining, remaining === 0 ? 'completed' : 'active']);

      // And the property test's checks, the same ones every random run ends with.
      await checkStockInvariants(db, workspaceId);
      await checkSalesReports(apps[0]!, token, workspaceId, { perProduct: true, list: true });
    },
    120_000,
  );
});
