import type { Product } from '@inventory/contracts/products';
import { type SalesImportResult, type SalesImportSample, salesImportSource } from '@inventory/contracts/sales-import';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, DbOrTx } from '../../db/database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { eventLoopPauser } from '../../lib/event-loop.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { findProducts } from '../products/products-repository.ts';
import { lockSaleRow } from '../sales/sales-repository.ts';
import { type NewSale, recordSales, removeLockedSale, saleAmountsSen } from '../sales/sales-service.ts';
import { lockStocks, type StockActor } from '../stock/item-stock.ts';
import { type OrderLine, readOrderFile, readOrderFileSample, type RowError } from './order-file.ts';
import { loadProductMatcher, type ProductMatcher } from './product-matching.ts';
import { readingOf } from './sales-import-formats.ts';
import { type ImportKey, insertHistory, insertImportKeys, keyOf, loadImportKeys, markKeyReturned, setKeySales } from './sales-import-repository.ts';

// Preview and import of a shop's order file (POST /sales/import/preview, POST /sales/import).
// Both read the file and sort every line the same way (classify below); the preview stops there,
// the import writes, IMPORT_CHUNK_LINES lines per transaction with the event loop free between
// them (on SQLite every request shares one connection). In each chunk's transaction, in the lock
// order of every stock change: the products (id order), then the sales to delete, then the keys.
// - A line imported before (its key exists) is a duplicate and is left alone.
// - A line of a cancelled order whose sale exists gets the sale deleted through the sales domain
//   (stock back, ledger 'sale_cancel'); one never imported stores its key as cancelled, so an
//   older file where the order was still open cannot bring it in later.
// - A line whose product has too little stock (after the file's earlier lines) is not imported
//   and is listed; its key is not stored, so the same file imported again brings it in.
// - The key of every line imported is stored with its sale in the same transaction; the unique
//   constraint makes two imports of the same file at the same moment import each line once.

export const IMPORT_CHUNK_LINES = 500;
const MAX_ATTEMPTS = 5;

export const salesImportMessages = {
  concurrentChange: '同時に行われた変更と競合しました。もう一度取り込んでください',
} as const;

export interface SalesImportUpload {
  bytes: Uint8Array;
  fileName: string;
  fields: Record<string, string>;
}

/** Thrown inside a chunk's transaction when a sale moved to another product between reading and locking. */
class ChangedMeanwhile extends Error {}

/** PostgreSQL deadlock or serialization failure. */
const isTransientConflict = (error: unknown) => ['40P01', '40001'].includes(String((error as { code?: unknown } | null)?.code));

function sourceOf(fields: Record<string, string>): string {
  const parsed = salesImportSource.safeParse(fields.source);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '取り込み元を選択してください');
  return parsed.data;
}

interface Sorted {
  toImport: Array<{ line: OrderLine; product: Product }>;
  /** Lines of cancelled orders whose sale exists: the sale is to be deleted. */
  returns: Array<{ line: OrderLine; key: ImportKey }>;
  /** Lines of cancelled orders never imported: their key is stored as cancelled. */
  cancelledUnseen: OrderLine[];
  duplicates: number;
  skipped: number;
  unmatched: Map<string, { external_sku: string; external_name: string; count: number }>;
  shortOfStock: SalesImportResult['short_of_stock'];
  errors: RowError[];
}

/**
 * Sorts the lines: duplicates, returns, cancelled, unmatched or skipped, refused by the money
 * caps, short of stock, to import. `stock` is each product's stock as it is (the import: under
 * the chunk's locks); the sales to delete give theirs back first, then each line to import takes
 * its quantity from what is left.
 */
async function classify(lines: OrderLine[], keys: Map<string, ImportKey>, match: (line: OrderLine) => ReturnType<ProductMatcher['match']>, stock: Map<number, number>) {
  const sorted: Sorted = { toImport: [], returns: [], cancelledUnseen: [], duplicates: 0, skipped: 0, unmatched: new Map(), shortOfStock: [], errors: [] };
  const available = new Map(stock);
  const pause = eventLoopPauser();
  const pending: OrderLine[] = [];
  for (const line of lines) {
    const key = keys.get(keyOf(line.orderId, line.lineKey));
    if (line.cancelled) {
      if (key?.state === 'imported' && key.saleId !== null) {
        sorted.returns.push({ line, key });
        if (key.saleProductId !== null && available.has(key.saleProductId)) {
          available.set(key.saleProductId, available.get(key.saleProductId)! + key.saleQuantity!);
        }
      } else if (key) sorted.duplicates += 1;
      else sorted.cancelledUnseen.push(line);
    } else if (key) sorted.duplicates += 1;
    else pending.push(line);
  }
  for (const line of pending) {
    await pause();
    const matched = match(line);
    if (matched.kind === 'unmatched') {
      const pairKey = keyOf(line.sku, line.name);
      const pair = sorted.unmatched.get(pairKey) ?? { external_sku: line.sku, external_name: line.name, count: 0 };
      pair.count += 1;
      sorted.unmatched.set(pairKey, pair);
      continue;
    }
    if (matched.kind === 'skip') {
      sorted.skipped += 1;
      continue;
    }
    const { product } = matched;
    try {
      saleAmountsSen({ product, quantity: line.quantity, unitPriceSen: line.unitPriceSen });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sorted.errors.push({ row: line.row, reason: error.message });
      continue;
    }
    const left = available.get(product.id) ?? 0;
    if (left < line.quantity) {
      sorted.shortOfStock.push({ row: line.row, product_name: product.name, quantity: line.quantity, current_stock: left });
      continue;
    }
    available.set(product.id, left - line.quantity);
    sorted.toImport.push({ line, product });
  }
  return sorted;
}

const emptyResult = (): SalesImportResult => ({
  lines: 0,
  orders: 0,
  to_import: 0,
  duplicates: 0,
  skipped: 0,
  unmatched: [],
  cancellations: 0,
  short_of_stock: [],
  errors: [],
  imported: 0,
  returned: 0,
});

/** Adds a sorting's counts to the answer (unmatched pairs merged, lists appended). */
function addSorted(result: SalesImportResult, unmatched: Map<string, SalesImportResult['unmatched'][number]>, sorted: Sorted) {
  result.duplicates += sorted.duplicates;
  result.skipped += sorted.skipped + sorted.cancelledUnseen.length;
  result.cancellations += sorted.returns.length;
  result.short_of_stock.push(...sorted.shortOfStock);
  for (const [key, pair] of sorted.unmatched) {
    const known = unmatched.get(key);
    if (known) known.count += pair.count;
    else unmatched.set(key, { ...pair });
  }
}

function finish(result: SalesImportResult, unmatched: Map<string, SalesImportResult['unmatched'][number]>, errors: RowError[]): SalesImportResult {
  result.unmatched = [...unmatched.values()].sort((a, b) => b.count - a.count || a.external_name.localeCompare(b.external_name, 'ja') || a.external_sku.localeCompare(b.external_sku));
  result.short_of_stock.sort((a, b) => a.row - b.row);
  result.errors = errors.sort((a, b) => a.row - b.row).map((error) => `${error.row}行目: ${error.reason}`);
  return result;
}

async function readUpload(db: DbOrTx, workspaceId: number, upload: SalesImportUpload) {
  const source = sourceOf(upload.fields);
  const reading = await readingOf(db, workspaceId, source);
  const file = await readOrderFile(upload.bytes, reading);
  const matcher = await loadProductMatcher(db, workspaceId, source);
  return { reading, file, matcher };
}

/** What an import of the file would do now; changes nothing. */
export async function previewSalesImport(db: Db, workspaceId: number, upload: SalesImportUpload): Promise<SalesImportResult> {
  const { reading, file, matcher } = await readUpload(db, workspaceId, upload);
  const keys = await loadImportKeys(
    db,
    workspaceId,
    reading.source,
    file.lines.map((line) => line.orderId),
  );
  const stock = new Map(matcher.products.map((product) => [product.id, product.current_stock]));
  const sorted = await classify(file.lines, keys, (line) => matcher.match(line), stock);
  const result = emptyResult();
  result.lines = file.lines.length;
  result.orders = new Set(file.lines.map((line) => line.orderId)).size;
  result.to_import = sorted.toImport.length;
  const unmatched = new Map<string, SalesImportResult['unmatched'][number]>();
  addSorted(result, unmatched, sorted);
  return finish(result, unmatched, [...file.errors, ...sorted.errors]);
}

interface ChunkOutcome {
  sorted: Sorted;
  imported: number;
  returned: number;
  /** Lines another import stored first, between our read and our insert. */
  raced: number;
}

/** One chunk of lines in the caller's transaction. */
async function writeChunk(trx: DbOrTx, actor: StockActor, source: string, sourceName: string, lines: OrderLine[], matcher: ProductMatcher): Promise<ChunkOutcome> {
  const { workspaceId } = actor;
  const orderIds = lines.map((line) => line.orderId);
  // The products of the chunk's lines and of the sales its cancellations delete, locked in id order.
  const keysSeen = await loadImportKeys(trx, workspaceId, source, orderIds);
  const productIds = new Set<number>();
  for (const line of lines) {
    const matched = matcher.match(line);
    if (matched.kind === 'product') productIds.add(matched.product.id);
  }
  for (const key of keysSeen.values()) if (key.saleProductId !== null) productIds.add(key.saleProductId);
  const stock = await lockStocks(trx, workspaceId, 'product', [...productIds]);
  const products = await findProducts(trx, workspaceId, [...stock.keys()]);
  const keys = await loadImportKeys(trx, workspaceId, source, orderIds);
  const match = (line: OrderLine) => {
    const matched = matcher.match(line);
    if (matched.kind !== 'product') return matched;
    // The product as it is now (name, cost), or unmatched when it was deleted meanwhile.
    const product = products.get(matched.product.id);
    return product ? { kind: 'product' as const, product } : { kind: 'unmatched' as const };
  };
  const sorted = await classify(lines, keys, match, stock);

  let returned = 0;
  for (const { key } of sorted.returns) {
    const sale = await lockSaleRow(trx, workspaceId, key.saleId!);
    if (sale && sale.product_id !== null && !stock.has(sale.product_id)) throw new ChangedMeanwhile();
    if (!(await markKeyReturned(trx, workspaceId, key.id, key.saleId!)) || !sale) continue;
    await removeLockedSale(trx, actor, sale);
    returned += 1;
  }

  const stored = await insertImportKeys(
    trx,
    workspaceId,
    source,
    sorted.toImport.map(({ line }) => line),
    'imported',
  );
  const mine = sorted.toImport.filter(({ line }) => stored.has(keyOf(line.orderId, line.lineKey)));
  const sales = await recordSales(
    trx,
    actor,
    mine.map(
      ({ line, product }): NewSale => ({
        product,
        quantity: line.quantity,
        unitPriceSen: line.unitPriceSen,
        saleDate: line.date,
        url: null,
        notes: `${sourceName} 注文 ${line.orderId}`,
        importedFrom: { source: sourceName, orderId: line.orderId },
      }),
    ),
  );
  await setKeySales(
    trx,
    workspaceId,
    mine.map(({ line }, index) => ({ keyId: stored.get(keyOf(line.orderId, line.lineKey))!, saleId: sales[index]!.id })),
  );
  await insertImportKeys(trx, workspaceId, source, sorted.cancelledUnseen, 'cancelled');
  return { sorted, imported: mine.length, returned, raced: sorted.toImport.length - mine.length };
}

/**
 * Imports the file into the actor's workspace, chunk by chunk; answers what was done, in the
 * preview's shape, and records the import in the history. Chunks written stay written if a later
 * one fails: the keys make importing the same file again finish the work.
 */
export async function importSales(db: Db, actor: StockActor, upload: SalesImportUpload): Promise<SalesImportResult> {
  const { reading, file, matcher } = await readUpload(db, actor.workspaceId, upload);
  const result = emptyResult();
  result.lines = file.lines.length;
  result.orders = new Set(file.lines.map((line) => line.orderId)).size;
  const unmatched = new Map<string, SalesImportResult['unmatched'][number]>();
  const errors = [...file.errors];
  for (const lines of chunks(file.lines, IMPORT_CHUNK_LINES)) {
    await nextTurn();
    const outcome = await writeChunkWithRetries(db, actor, reading.source, reading.sourceName, lines, matcher);
    addSorted(result, unmatched, outcome.sorted);
    result.duplicates += outcome.raced;
    result.imported += outcome.imported;
    result.returned += outcome.returned;
    errors.push(...outcome.sorted.errors);
  }
  result.to_import = result.imported;
  await insertHistory(db, {
    workspace_id: actor.workspaceId,
    user_id: actor.userId,
    file_name: upload.fileName.slice(0, 255),
    source: reading.source,
    source_name: reading.sourceName,
    lines: result.lines,
    imported: result.imported,
    duplicates: result.duplicates,
    returned: result.returned,
    created_at: nowIso(),
  });
  return finish(result, unmatched, errors);
}

async function writeChunkWithRetries(db: Db, actor: StockActor, source: string, sourceName: string, lines: OrderLine[], matcher: ProductMatcher) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => writeChunk(trx, actor, source, sourceName, lines, matcher));
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile) && !isTransientConflict(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(salesImportMessages.concurrentChange);
    }
  }
}

/** The header row and first rows of a file, for mapping its columns (no source needed). */
export function sampleSalesImportFile(upload: SalesImportUpload): Promise<SalesImportSample> {
  return readOrderFileSample(upload.bytes);
}
