import { STOCK_MAX } from '@inventory/contracts/fields';
import { partMovementKind } from '@inventory/contracts/parts';
import { productMovementKind } from '@inventory/contracts/products';
import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { Db, DbOrTx } from '../../src/db/database.ts';
import { isPostgres } from '../../src/db/sql-helpers.ts';

// The promises about stock and sales that hold after any sequence of API calls, read straight
// from the tables (Kysely) of one workspace. Each check answers readable violations ("part 12: …")
// rather than stopping at the first one; the check* functions throw them all in one Error.
// expectStockMatchesLedger is the stock-versus-ledger part alone, for any test.
//
// The reference checks (receipts, deliveries, manufactures, sales against their ledger rows)
// assume the workspace was changed only through the API: rows a test inserts straight into
// stock_entries, manufacturing_records or sales have no ledger rows and are reported.

const PART_KINDS = new Set<string>(partMovementKind.options);
const PRODUCT_KINDS = new Set<string>(productMovementKind.options);
const SALE_KINDS = new Set(['sale', 'sale_edit', 'sale_cancel']);

const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

/**
 * Runs the reads of one check in one transaction; on PostgreSQL at REPEATABLE READ, so every
 * query sees the same committed state even while other requests keep writing (the check can run
 * in the middle of a concurrency test). SQLite transactions of the app run one at a time anyway.
 */
function inOneSnapshot<T>(db: Db, read: (trx: DbOrTx) => Promise<T>): Promise<T> {
  const transaction = db.transaction();
  return (isPostgres(db) ? transaction.setIsolationLevel('repeatable read') : transaction).execute(read);
}

async function readLedgerState(trx: DbOrTx, w: number) {
  return {
    parts: await trx.selectFrom('parts').select(['id', 'current_stock']).where('workspace_id', '=', w).orderBy('id').execute(),
    products: await trx.selectFrom('products').select(['id', 'current_stock']).where('workspace_id', '=', w).orderBy('id').execute(),
    movements: await trx
      .selectFrom('stock_movements')
      .select(['id', 'part_id', 'product_id', 'kind', 'quantity_delta', 'balance_after', 'reference_id'])
      .where('workspace_id', '=', w)
      .orderBy('id')
      .execute(),
    entries: await trx.selectFrom('stock_entries').select(['id', 'part_id', 'quantity', 'order_id']).where('workspace_id', '=', w).execute(),
    orders: await trx.selectFrom('orders').select(['id', 'part_id', 'quantity', 'status']).where('workspace_id', '=', w).execute(),
    records: await trx.selectFrom('manufacturing_records').select(['id', 'product_id', 'quantity']).where('workspace_id', '=', w).execute(),
    capacities: await trx
      .selectFrom('product_recipe_totals')
      .select(['product_id', 'max_manufacturable', 'limiting_parts', 'cost_sen', 'recipe_line_count'])
      .where('workspace_id', '=', w)
      .orderBy('product_id')
      .execute(),
    recipeLines: await trx
      .selectFrom('recipe_lines')
      .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
      .select(['recipe_lines.product_id', 'recipe_lines.part_id', 'recipe_lines.quantity_required', 'parts.name', 'parts.current_stock', 'parts.unit_price_sen'])
      .where('recipe_lines.workspace_id', '=', w)
      .orderBy('recipe_lines.product_id')
      .orderBy('recipe_lines.part_id')
      .execute(),
    sales: await trx
      .selectFrom('sales')
      .select(['id', 'product_id', 'quantity', 'unit_price_sen', 'total_amount_sen', 'total_cost_sen', 'profit_sen'])
      .where('workspace_id', '=', w)
      .execute(),
  };
}

type LedgerState = Awaited<ReturnType<typeof readLedgerState>>;
type Movement = LedgerState['movements'][number];

const count = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Stock within [0, STOCK_MAX], equal to the sum of the item's ledger, and each ledger row's balance the running sum. */
function checkItems(state: LedgerState, problems: string[]) {
  const ledgers = new Map<string, Movement[]>();
  for (const movement of state.movements) {
    const key = movement.part_id !== null ? `part ${movement.part_id}` : `product ${movement.product_id}`;
    const ledger = ledgers.get(key) ?? [];
    ledger.push(movement);
    ledgers.set(key, ledger);
    const kinds = movement.part_id !== null ? PART_KINDS : PRODUCT_KINDS;
    if (!kinds.has(movement.kind)) problems.push(`${key}: movement ${movement.id} has kind '${movement.kind}', not one of this item's kinds`);
    if (movement.quantity_delta === 0) problems.push(`${key}: movement ${movement.id} changes nothing (delta 0)`);
  }
  const items = [
    ...state.parts.map((row) => ({ key: `part ${row.id}`, stock: row.current_stock })),
    ...state.products.map((row) => ({ key: `product ${row.id}`, stock: row.current_stock })),
  ];
  for (const { key, stock } of items) {
    if (!Number.isInteger(stock) || stock < 0 || stock > STOCK_MAX) problems.push(`${key}: stock ${stock} is not an integer from 0 to ${STOCK_MAX}`);
    let balance = 0;
    for (const movement of ledgers.get(key) ?? []) {
      balance += movement.quantity_delta;
      if (movement.balance_after !== balance) {
        problems.push(`${key}: movement ${movement.id} records balance ${movement.balance_after}, the running sum of the ledger is ${balance}`);
        balance = movement.balance_after;
      }
    }
    const sum = (ledgers.get(key) ?? []).reduce((total, movement) => total + movement.quantity_delta, 0);
    if (sum !== stock) problems.push(`${key}: stock ${stock}, but its ledger sums to ${sum}`);
  }
}

/** Each receipt and delivery is one ledger row, and each delivered order added its quantity exactly once. */
function checkReceiptsAndDeliveries(state: LedgerState, problems: string[]) {
  const entries = new Map(state.entries.map((entry) => [entry.id, entry]));
  const orders = new Map(state.orders.map((order) => [order.id, order]));
  const receiptRows = new Map<number, number>();
  const deliveryRows = new Map<number, number>();
  for (const movement of state.movements) {
    if (movement.kind === 'receipt') {
      const entry = movement.reference_id === null ? undefined : entries.get(movement.reference_id);
      if (!entry || entry.part_id !== movement.part_id || entry.order_id !== null || entry.quantity !== movement.quantity_delta) {
        problems.push(`movement ${movement.id} (receipt of ${movement.quantity_delta}) has no matching stock entry: ${JSON.stringify(entry ?? null)}`);
      }
      if (movement.reference_id !== null) count(receiptRows, movement.reference_id);
    }
    if (movement.kind === 'order_delivery') {
      const order = movement.reference_id === null ? undefined : orders.get(movement.reference_id);
      if (!order || order.part_id !== movement.part_id || order.status !== 'delivered' || order.quantity !== movement.quantity_delta) {
        problems.push(`movement ${movement.id} (delivery of ${movement.quantity_delta}) has no matching delivered order: ${JSON.stringify(order ?? null)}`);
      }
      if (movement.reference_id !== null) count(deliveryRows, movement.reference_id);
    }
  }
  const entriesOfOrder = new Map<number, number>();
  for (const entry of state.entries) {
    if (entry.order_id === null) {
      if (receiptRows.get(entry.id) !== 1) problems.push(`stock entry ${entry.id}: ${receiptRows.get(entry.id) ?? 0} receipt movements (1 expected)`);
    } else {
      count(entriesOfOrder, entry.order_id);
      const order = orders.get(entry.order_id);
      if (order && order.quantity !== entry.quantity) problems.push(`stock entry ${entry.id}: quantity ${entry.quantity}, its order ${order.id} has ${order.quantity}`);
    }
  }
  for (const order of state.orders) {
    const expected = order.status === 'delivered' ? 1 : 0;
    if ((deliveryRows.get(order.id) ?? 0) !== expected) problems.push(`order ${order.id} (${order.status}): ${deliveryRows.get(order.id) ?? 0} delivery movements (${expected} expected)`);
    if ((entriesOfOrder.get(order.id) ?? 0) !== expected) problems.push(`order ${order.id} (${order.status}): ${entriesOfOrder.get(order.id) ?? 0} stock entries (${expected} expected)`);
  }
}

/** Each manufacture added its quantity to its product once and took parts out, pointing at its record. */
function checkManufactures(state: LedgerState, problems: string[]) {
  const records = new Map(state.records.map((record) => [record.id, record]));
  const madeRows = new Map<number, number>();
  for (const movement of state.movements) {
    if (movement.kind !== 'manufacture' && movement.kind !== 'manufacture_consume') continue;
    const record = movement.reference_id === null ? undefined : records.get(movement.reference_id);
    if (!record) {
      problems.push(`movement ${movement.id} (${movement.kind}) has no manufacturing record ${movement.reference_id}`);
      continue;
    }
    if (movement.kind === 'manufacture_consume' && movement.quantity_delta >= 0) problems.push(`movement ${movement.id}: a manufacture consumed ${movement.quantity_delta}`);
    if (movement.kind === 'manufacture') {
      count(madeRows, record.id);
      if (movement.product_id !== record.product_id || movement.quantity_delta !== record.quantity) {
        problems.push(`movement ${movement.id} (made ${movement.quantity_delta} of product ${movement.product_id}) differs from record ${record.id} (${record.quantity} of product ${record.product_id})`);
      }
    }
  }
  for (const record of state.records) {
    // A deleted product takes its ledger with it (the record keeps its name, product_id null).
    if (record.product_id !== null && madeRows.get(record.id) !== 1) problems.push(`manufacturing record ${record.id}: ${madeRows.get(record.id) ?? 0} manufacture movements (1 expected)`);
  }
}

/**
 * Each sale's figures add up, and the stock a sale holds is its quantity: the product rows of
 * kinds sale / sale_edit / sale_cancel pointing at it sum to −quantity for its product and to 0
 * for every other product (the products it was moved away from), and to 0 once it is deleted.
 */
function checkSales(state: LedgerState, problems: string[]) {
  const sales = new Map(state.sales.map((sale) => [sale.id, sale]));
  const held = new Map<string, number>();
  for (const movement of state.movements) {
    if (!SALE_KINDS.has(movement.kind) || movement.product_id === null || movement.reference_id === null) continue;
    count(held, `${movement.reference_id}:${movement.product_id}`, movement.quantity_delta);
    if (movement.kind === 'sale_cancel' && sales.has(movement.reference_id)) problems.push(`movement ${movement.id} cancels sale ${movement.reference_id}, which still exists`);
  }
  for (const [key, sum] of held) {
    const [saleId, productId] = key.split(':').map(Number) as [number, number];
    const sale = sales.get(saleId);
    const expected = sale && sale.product_id === productId ? -sale.quantity : 0;
    if (sum !== expected) problems.push(`sale ${saleId}: its movements of product ${productId} sum to ${sum} (${expected} expected)`);
  }
  for (const sale of state.sales) {
    const amount = Number(sale.total_amount_sen);
    if (!Number.isInteger(sale.quantity) || sale.quantity < 1) problems.push(`sale ${sale.id}: quantity ${sale.quantity}`);
    if (amount !== Number(sale.unit_price_sen) * sale.quantity) problems.push(`sale ${sale.id}: total ${amount} sen is not unit price ${sale.unit_price_sen} sen × ${sale.quantity}`);
    if (Number(sale.total_cost_sen) < 0) problems.push(`sale ${sale.id}: cost ${sale.total_cost_sen} sen`);
    if (Number(sale.profit_sen) !== amount - Number(sale.total_cost_sen)) problems.push(`sale ${sale.id}: profit ${sale.profit_sen} sen is not total − cost`);
    if (sale.product_id !== null && !held.has(`${sale.id}:${sale.product_id}`)) problems.push(`sale ${sale.id}: no movement took its stock from product ${sale.product_id}`);
  }
}

/**
 * Every product has its stored recipe totals (product_recipe_totals), and they are what its recipe
 * and the parts give now: the capacity with the limiting parts (names, stock and quantities, in
 * part id order), the cost (Σ price × quantity, parts without a price count 0) and the number of lines.
 */
function checkStoredRecipeTotals(state: LedgerState, problems: string[]) {
  const storedOf = new Map(state.capacities.map((stored) => [stored.product_id, stored]));
  for (const product of state.products) {
    const stored = storedOf.get(product.id);
    if (!stored) {
      problems.push(`product ${product.id}: no stored recipe totals`);
      continue;
    }
    const lines = state.recipeLines.filter((line) => line.product_id === product.id);
    const allows = (line: (typeof lines)[number]) => Math.floor(line.current_stock / line.quantity_required);
    const max = lines.length === 0 ? 0 : Math.min(...lines.map(allows));
    const limiting = lines
      .filter((line) => allows(line) === max)
      .map((line) => ({ part_id: line.part_id, part_name: line.name, current_stock: line.current_stock, required_per_product: line.quantity_required }));
    const cost = lines.reduce((sum, line) => sum + Number(line.unit_price_sen ?? 0) * line.quantity_required, 0);
    const expected = { max_manufacturable: max, limiting_parts: limiting, cost_sen: cost, recipe_line_count: lines.length };
    const actual = {
      max_manufacturable: stored.max_manufacturable,
      limiting_parts: JSON.parse(stored.limiting_parts) as unknown,
      cost_sen: Number(stored.cost_sen),
      recipe_line_count: stored.recipe_line_count,
    };
    if (!isDeepStrictEqual(actual, expected)) {
      problems.push(`product ${product.id}: stored recipe totals ${JSON.stringify(actual)}, its recipe and parts give ${JSON.stringify(expected)}`);
    }
  }
}

/** Every broken promise about the workspace's stock, ledger, receipts, deliveries, manufactures and sales (empty: all hold). */
export async function stockInvariantViolations(db: Db, workspaceId: number): Promise<string[]> {
  const state = await inOneSnapshot(db, (trx) => readLedgerState(trx, workspaceId));
  const problems: string[] = [];
  checkItems(state, problems);
  checkReceiptsAndDeliveries(state, problems);
  checkManufactures(state, problems);
  checkSales(state, problems);
  checkStoredRecipeTotals(state, problems);
  return problems;
}

/**
 * Every part and product of the workspace: stock from 0 to STOCK_MAX and equal to the sum of its
 * ledger rows, each row's balance the running sum. Unlike checkStockInvariants it does not follow
 * references, so a workspace with rows a test stored straight into the tables passes too.
 */
export async function expectStockMatchesLedger(app: FastifyInstance, workspaceId: number): Promise<void> {
  const state = await inOneSnapshot(app.db, (trx) => readLedgerState(trx, workspaceId));
  const problems: string[] = [];
  checkItems(state, problems);
  expect(problems, `stock against the ledger in workspace ${workspaceId}`).toEqual([]);
}

/** Throws one Error listing every violation of stockInvariantViolations. */
export async function checkStockInvariants(db: Db, workspaceId: number): Promise<void> {
  const problems = await stockInvariantViolations(db, workspaceId);
  if (problems.length > 0) throw new Error(`stock invariants broken in workspace ${workspaceId}:\n- ${problems.join('\n- ')}`);
}

// Sales reports against the records. These go through the API (GET /sales/summary,
// /sales/by-product, /sales), so they compare whole answers: call them when no write is running.

interface SaleFigures {
  count: number;
  quantity: number;
  amountSen: number;
  costSen: number;
  profitSen: number;
}

function figuresOf(rows: Array<{ quantity: number; total_amount_sen: number; total_cost_sen: number; profit_sen: number }>): SaleFigures {
  return rows.reduce<SaleFigures>(
    (sum, row) => ({
      count: sum.count + 1,
      quantity: sum.quantity + row.quantity,
      amountSen: sum.amountSen + Number(row.total_amount_sen),
      costSen: sum.costSen + Number(row.total_cost_sen),
      profitSen: sum.profitSen + Number(row.profit_sen),
    }),
    { count: 0, quantity: 0, amountSen: 0, costSen: 0, profitSen: 0 },
  );
}

/** The sales margin: profit / total × 100 with one decimal, 0 without sales. */
const marginOf = (figures: SaleFigures) => (figures.amountSen === 0 ? 0 : Math.round((figures.profitSen / figures.amountSen) * 1000) / 10);

const expectedSummary = (figures: SaleFigures) => ({
  total_sales: figures.amountSen / 100,
  total_cost: figures.costSen / 100,
  total_profit: figures.profitSen / 100,
  profit_margin: marginOf(figures),
  total_transactions: figures.count,
  average_transaction: figures.count === 0 ? 0 : Math.round(figures.amountSen / figures.count) / 100,
});

export interface SalesPeriod {
  start_date?: string;
  end_date?: string;
}

export interface SalesReportChecks {
  /** Periods whose summary and per-product report are checked too (besides all sales). */
  periods?: SalesPeriod[];
  /** Also the summary filtered by each product of the workspace (one request per product). */
  perProduct?: boolean;
  /** Also the list GET /sales against the records. */
  list?: boolean;
}

/**
 * Every difference between the sales reports and the sale records of the workspace: the summary
 * and the per-product report of all sales and of each given period, and (unless turned off) the
 * summary of each product and the list. `token` must be a session of that workspace.
 */
export async function salesReportViolations(
  app: FastifyInstance,
  token: string,
  workspaceId: number,
  { periods = [], perProduct = true, list: checkList = true }: SalesReportChecks = {},
): Promise<string[]> {
  const [rows, products] = await inOneSnapshot(app.db, async (trx) => [
    await trx
      .selectFrom('sales')
      .select(['id', 'product_id', 'product_name', 'quantity', 'total_amount_sen', 'total_cost_sen', 'profit_sen', 'sale_date'])
      .where('workspace_id', '=', workspaceId)
      .execute(),
    await trx.selectFrom('products').select('id').where('workspace_id', '=', workspaceId).orderBy('id').execute(),
  ]);
  const inPeriod = (period: SalesPeriod) => rows.filter((row) => (!period.start_date || row.sale_date >= period.start_date) && (!period.end_date || row.sale_date <= period.end_date));
  const key = (row: { product_id: number | null; product_name: string }) => `${row.product_id ?? ''}:${row.product_name}`;
  const byKey = <T extends { product_id: number | null; product_name: string }>(list: T[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));

  // Each request with the answer the records give; sent all at once.
  const checks: Array<{ path: string; query: Record<string, string | number | undefined>; expected: unknown; normalise?: (body: unknown) => unknown }> = [];
  for (const period of [{}, ...periods]) {
    const selected = inPeriod(period);
    checks.push({ path: '/sales/summary', query: { ...period }, expected: expectedSummary(figuresOf(selected)) });
    const groups = new Map<string, typeof rows>();
    for (const row of selected) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    const expectedGroups = [...groups.values()].map((group) => {
      const figures = figuresOf(group);
      return {
        product_id: group[0]!.product_id,
        product_name: group[0]!.product_name,
        total_quantity: figures.quantity,
        total_amount: figures.amountSen / 100,
        total_cost: figures.costSen / 100,
        total_profit: figures.profitSen / 100,
        profit_margin: marginOf(figures),
        avg_unit_price: Math.round(figures.amountSen / (figures.quantity * 100)),
        total_transactions: figures.count,
      };
    });
    checks.push({
      path: '/sales/by-product',
      query: { ...period },
      // Largest amount first; rows of equal amount in any order.
      expected: { sorted: true, rows: byKey(expectedGroups) },
      normalise: (body) => {
        const report = body as Array<{ product_id: number | null; product_name: string; total_amount: number }>;
        return { sorted: report.every((row, index) => index === 0 || row.total_amount <= report[index - 1]!.total_amount), rows: byKey(report) };
      },
    });
  }
  for (const product of perProduct ? products : []) {
    checks.push({ path: '/sales/summary', query: { product_id: product.id }, expected: expectedSummary(figuresOf(rows.filter((row) => row.product_id === product.id))) });
  }
  if (checkList) {
    checks.push({
      path: '/sales',
      query: { limit: 10_000 },
      expected: byId(rows).map((row) => [row.id, Number(row.total_amount_sen) / 100, Number(row.total_cost_sen) / 100, Number(row.profit_sen) / 100]),
      normalise: (body) =>
        (body as Array<{ id: number; total_amount: number; total_cost: number; profit: number }>)
          .map((sale) => [sale.id, sale.total_amount, sale.total_cost, sale.profit])
          .sort((a, b) => a[0]! - b[0]!),
    });
  }

  const problems: string[] = [];
  await Promise.all(
    checks.map(async ({ path, query, expected, normalise = (body) => body }) => {
      const search = new URLSearchParams(Object.entries(query).flatMap(([name, value]): Array<[string, string]> => (value === undefined ? [] : [[name, String(value)]])));
      const url = `/api${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) {
        problems.push(`GET ${url}: ${response.statusCode} ${response.body}`);
        return;
      }
      const actual = normalise(response.json());
      if (!isDeepStrictEqual(actual, expected)) problems.push(`GET ${url} answered ${JSON.stringify(actual)}, the records give ${JSON.stringify(expected)}`);
    }),
  );
  return problems;
}

/** Throws one Error listing every violation of salesReportViolations. */
export async function checkSalesReports(app: FastifyInstance, token: string, workspaceId: number, checks: SalesReportChecks = {}): Promise<void> {
  const problems = await salesReportViolations(app, token, workspaceId, checks);
  if (problems.length > 0) throw new Error(`sales reports differ from the records of workspace ${workspaceId}:\n- ${problems.join('\n- ')}`);
}

// "A refused call changed nothing": every row a stock change can touch, before and after.

const SNAPSHOT_TABLES = [
  'parts',
  'products',
  'recipe_lines',
  'orders',
  'stock_entries',
  'stock_movements',
  'manufacturing_records',
  'manufacturing_plans',
  'sales',
  'stocktakes',
  'stocktake_lines',
] as const;
export type StockSnapshot = Record<(typeof SNAPSHOT_TABLES)[number], Array<{ id: number }>>;

/** Every row of the workspace in the tables stock changes write, sorted by id. */
export function snapshotStockState(db: Db, workspaceId: number): Promise<StockSnapshot> {
  return inOneSnapshot(db, async (trx) => {
    const snapshot = {} as StockSnapshot;
    for (const table of SNAPSHOT_TABLES) {
      snapshot[table] = byId((await trx.selectFrom(table).selectAll().where('workspace_id', '=', workspaceId).execute()) as Array<{ id: number }>);
    }
    return snapshot;
  });
}

/** The rows added or removed and the columns changed between two snapshots, one line each (empty: nothing changed). */
export function snapshotDifferences(before: StockSnapshot, after: StockSnapshot): string[] {
  const differences: string[] = [];
  for (const table of SNAPSHOT_TABLES) {
    const old = new Map(before[table].map((row) => [row.id, row as Record<string, unknown>]));
    const now = new Map(after[table].map((row) => [row.id, row as Record<string, unknown>]));
    for (const [id, row] of now) {
      const previous = old.get(id);
      if (!previous) {
        differences.push(`${table} ${id} added: ${JSON.stringify(row)}`);
        continue;
      }
      for (const column of Object.keys(row)) {
        if (!isDeepStrictEqual(previous[column], row[column])) differences.push(`${table} ${id}.${column}: ${JSON.stringify(previous[column])} → ${JSON.stringify(row[column])}`);
      }
    }
    for (const [id, row] of old) if (!now.has(id)) differences.push(`${table} ${id} removed: ${JSON.stringify(row)}`);
  }
  return differences;
}
