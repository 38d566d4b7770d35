import { WORKSPACE_LIMITS, workspaceLimitMessages } from '@inventory/contracts/limits';
import type { CsvImportResult } from '@inventory/contracts/parts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, DbOrTx } from '../../db/database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { conflict, isUniqueViolation } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { barcodeTakenMessage, findBarcodeHolders } from '../barcodes/barcode-holders.ts';
import { setPartStocks, type StockActor } from '../stock/part-stock.ts';
import { pickUnusedTagColor } from '../tags/tag-colors.ts';
import { findTagIdsByNames, insertTagsIgnoringDuplicates, listTagNames } from '../tags/tags-repository.ts';
import { roomLeft } from '../workspaces/workspace-limits.ts';
import { loadTagIds, replaceTagLinks } from './part-tags-repository.ts';
import { csvImportMessages, type ImportColumn, type ImportRow, parsePartsCsv, type RowError } from './parts-csv-parse.ts';
import {
  type BulkColumn,
  countParts,
  findPartIdsByNames,
  type ImportedPartRow,
  insertPartsInBulk,
  lockPartsForImport,
  updatePartsInBulk,
} from './parts-repository.ts';

// Writing a parsed parts CSV (parts-csv-parse.ts) into the workspace with set-based queries
// (no query per row), IMPORT_CHUNK_ROWS rows per transaction. Between chunks the event loop
// answers other requests: on SQLite every request shares one connection, so one long
// transaction would hold all of them up. A chunk commits on its own; since rows are matched by
// part name, running the same file again after an interruption finishes the work.

export const IMPORT_CHUNK_ROWS = 500;

type TagName = Awaited<ReturnType<typeof listTagNames>>[number];

/** Thrown inside the transaction when parts changed between reading and locking them. */
class PartsChangedMeanwhile extends Error {}

const BULK_COLUMNS: Array<[ImportColumn, BulkColumn, (row: ImportRow) => string | number | null | undefined]> = [
  ['単位', { column: 'unit', type: 'text' }, (row) => row.unit],
  ['単価', { column: 'unit_price_sen', type: 'bigint' }, (row) => row.unitPriceSen],
  // An empty stock cell keeps the current value.
  ['最小在庫アラート', { column: 'min_stock_alert', type: 'integer', keepWhenNull: true }, (row) => row.minStockAlert],
  ['品番', { column: 'part_number', type: 'text' }, (row) => row.partNumber],
  ['カテゴリ', { column: 'category', type: 'text' }, (row) => row.category],
  ['URL', { column: 'url', type: 'text' }, (row) => row.url],
  ['バーコード', { column: 'barcode', type: 'text' }, (row) => row.barcode],
];

/**
 * Whether writing the row would leave the part as it is: every present column holds the stored
 * value (an empty 最小在庫アラート or 現在在庫 keeps the stored one), and a present タグ column names
 * exactly the part's tags. Such a row counts as 変更なし, not as an update, and writes nothing.
 */
function leavesPartAsItIs(
  row: ImportRow,
  stored: ImportedPartRow,
  columns: ReadonlySet<ImportColumn>,
  storedTagNames: readonly string[] | undefined,
) {
  const fieldsSame = BULK_COLUMNS.every(([column, setter, value]) => {
    if (!columns.has(column)) return true;
    const next = value(row) ?? null;
    return (next === null && setter.keepWhenNull === true) || next === stored[setter.column];
  });
  if (!fieldsSame || (row.stock !== undefined && row.stock !== stored.current_stock)) return false;
  if (storedTagNames === undefined) return true;
  const listed = new Set(row.tags ?? []);
  return listed.size === storedTagNames.length && storedTagNames.every((name) => listed.has(name));
}

/** The tag names of each part, for the comparison above; undefined without a タグ column. */
async function loadTagNames(trx: DbOrTx, workspaceId: number, existingTags: TagName[], partIds: number[], columns: ReadonlySet<ImportColumn>) {
  if (!columns.has('タグ')) return undefined;
  const nameById = new Map(existingTags.map((tag) => [tag.id, tag.name]));
  const tagIds = await loadTagIds(trx, workspaceId, partIds);
  return (partId: number) => (tagIds.get(partId) ?? []).map((id) => nameById.get(id) ?? '');
}

/** Updates the fields of the file's columns of existing parts. */
async function updateFields(trx: DbOrTx, workspaceId: number, rows: Array<ImportRow & { id: number }>, columns: ReadonlySet<ImportColumn>) {
  const present = BULK_COLUMNS.filter(([column]) => columns.has(column));
  await updatePartsInBulk(
    trx,
    workspaceId,
    present.map(([, setter]) => setter),
    rows.map((row) => ({ id: row.id, values: present.map(([, , value]) => value(row) ?? null) })),
  );
}

/** Inserts the new parts (stock 0; their stock is booked afterwards) and answers their ids by name. */
function insertParts(trx: DbOrTx, workspaceId: number, rows: ImportRow[]): Promise<Map<string, number>> {
  const now = nowIso();
  return insertPartsInBulk(
    trx,
    rows.map((row) => ({
      workspace_id: workspaceId,
      name: row.name,
      unit: row.unit ?? null,
      unit_price_sen: row.unitPriceSen ?? null,
      current_stock: 0,
      min_stock_alert: row.minStockAlert ?? 0,
      url: row.url ?? null,
      part_number: row.partNumber ?? null,
      category: row.category ?? null,
      barcode: row.barcode ?? null,
      status: 'active',
      created_at: now,
      updated_at: now,
    })),
  );
}

/**
 * Finds or creates the named tags (new ones get unused palette colours); answers ids by name.
 * `existing` is the workspace's tags read under its lock, so every missing name fits its limit.
 */
async function resolveTags(trx: DbOrTx, workspaceId: number, existing: TagName[], names: Set<string>): Promise<Map<string, number>> {
  const ids = new Map(existing.map((tag) => [tag.name, tag.id]));
  const missing = [...names].filter((name) => !ids.has(name));
  if (missing.length === 0) return ids;
  const usedColors = new Set(existing.map((tag) => tag.color.toUpperCase()));
  const newTags = missing.map((name) => {
    const color = pickUnusedTagColor(usedColors);
    usedColors.add(color);
    return { name, color };
  });
  await insertTagsIgnoringDuplicates(trx, workspaceId, newTags);
  for (const [name, id] of await findTagIdsByNames(trx, workspaceId, missing)) ids.set(name, id);
  return ids;
}

/** Makes each part's tags exactly the listed ones; parts whose tags are already right are left alone. */
async function applyTags(trx: DbOrTx, workspaceId: number, existingTags: TagName[], rows: Array<{ id: number; tags: string[] }>) {
  const tagIds = await resolveTags(trx, workspaceId, existingTags, new Set(rows.flatMap((row) => row.tags)));
  const current = await loadTagIds(
    trx,
    workspaceId,
    rows.map((row) => row.id),
  );
  const changed = rows
    .map((row) => ({ id: row.id, tagIds: row.tags.map((name) => tagIds.get(name)!).sort((a, b) => a - b) }))
    .filter((row) => {
      const before = current.get(row.id) ?? [];
      return before.length !== row.tagIds.length || before.some((id, index) => id !== row.tagIds[index]);
    });
  await replaceTagLinks(trx, workspaceId, changed);
}

/**
 * Splits the chunk's rows into those that fit the workspace's limits and those that do not: a
 * row naming a new tag beyond the tag limit, or creating a part beyond the part limit (in the
 * file's order), is refused with the limit's message. The counts are read under the workspace's lock.
 */
function applyLimits(rows: ImportRow[], idByName: Map<string, number>, existingTags: TagName[], room: { parts: number }) {
  const refused: RowError[] = [];
  const knownTags = new Set(existingTags.map((tag) => tag.name));
  const newTags = new Set<string>();
  let tagRoom = Math.max(0, WORKSPACE_LIMITS.tags - existingTags.length);
  let partRoom = room.parts;
  const accepted = rows.filter((row) => {
    const unknownTags = (row.tags ?? []).filter((name) => !knownTags.has(name) && !newTags.has(name));
    if (unknownTags.length > tagRoom) {
      refused.push({ line: row.line, reason: workspaceLimitMessages.tags });
      return false;
    }
    if (!idByName.has(row.name)) {
      if (partRoom < 1) {
        refused.push({ line: row.line, reason: workspaceLimitMessages.parts });
        return false;
      }
      partRoom -= 1;
    }
    for (const name of unknownTags) newTags.add(name);
    tagRoom -= unknownTags.length;
    return true;
  });
  return { accepted, refused };
}

/**
 * Splits off the rows whose barcode another item of the workspace holds (a product, or a part
 * other than the one the row names); read under the workspace's lock, as every barcode change is.
 */
async function refuseTakenBarcodes(trx: DbOrTx, workspaceId: number, rows: ImportRow[]) {
  const holders = await findBarcodeHolders(
    trx,
    workspaceId,
    rows.flatMap((row) => (row.barcode ? [row.barcode] : [])),
  );
  const refused: RowError[] = [];
  const free = rows.filter((row) => {
    const holder = row.barcode ? holders.get(row.barcode) : undefined;
    if (!holder || (holder.kind === 'part' && holder.name === row.name)) return true;
    refused.push({ line: row.line, reason: barcodeTakenMessage(holder) });
    return false;
  });
  return { free, refused };
}

/**
 * Writes one chunk of rows in the caller's transaction; answers how many were created, updated
 * and left as they were, and the rows refused by the workspace's limits. The workspace is locked first (by
 * roomLeft), so simultaneous imports and creates count one after another.
 */
async function writeRows(trx: DbOrTx, actor: StockActor, chunkRows: ImportRow[], columns: ReadonlySet<ImportColumn>) {
  const partRoom = await roomLeft(trx, actor.workspaceId, 'parts', countParts);
  const barcodes = columns.has('バーコード') ? await refuseTakenBarcodes(trx, actor.workspaceId, chunkRows) : { free: chunkRows, refused: [] };
  const rows = barcodes.free;
  const existingTags = columns.has('タグ') ? await listTagNames(trx, actor.workspaceId) : [];
  const allIds = await findPartIdsByNames(
    trx,
    actor.workspaceId,
    rows.map((row) => row.name),
  );
  const { accepted, refused } = applyLimits(rows, allIds, existingTags, { parts: partRoom });
  const matched = accepted.filter((row) => allIds.has(row.name)).map((row) => ({ ...row, id: allIds.get(row.name)! }));
  const creates = accepted.filter((row) => !allIds.has(row.name));

  // The parts must still carry the names they were matched by once their locks are held.
  const stored = await lockPartsForImport(
    trx,
    actor.workspaceId,
    matched.map((row) => row.id),
  );
  if (matched.some((row) => stored.get(row.id)?.name !== row.name)) throw new PartsChangedMeanwhile();
  const tagNamesOf = await loadTagNames(
    trx,
    actor.workspaceId,
    existingTags,
    matched.map((row) => row.id),
    columns,
  );
  const updates = matched.filter((row) => !leavesPartAsItIs(row, stored.get(row.id)!, columns, tagNamesOf?.(row.id)));
  await updateFields(trx, actor.workspaceId, updates, columns);
  const createdIds = await insertParts(trx, actor.workspaceId, creates);
  const written = [...updates, ...creates.map((row) => ({ ...row, id: createdIds.get(row.name)! }))];

  // A new price changes the recipe totals of the products using the part, as a new stock does:
  // such a part goes to the stock module with the stock it keeps, so the one refresh of those
  // totals that follows its updates covers every part of the chunk.
  const priced = columns.has('単価');
  await setPartStocks(
    trx,
    actor,
    written
      .filter((row) => row.stock !== undefined || (priced && stored.has(row.id)))
      .map((row) => ({ partId: row.id, stock: row.stock ?? stored.get(row.id)!.current_stock })),
    'csv_import',
  );
  if (columns.has('タグ')) {
    await applyTags(
      trx,
      actor.workspaceId,
      existingTags,
      written.map((row) => ({ id: row.id, tags: row.tags ?? [] })),
    );
  }
  return { created: creates.length, updated: updates.length, unchanged: matched.length - updates.length, refused: [...barcodes.refused, ...refused] };
}

const MAX_ATTEMPTS = 5;

/** PostgreSQL deadlock or serialization failure: two imports creating the same new tags or parts. */
const isTransientConflict = (error: unknown) => ['40P01', '40001'].includes(String((error as { code?: unknown } | null)?.code));

/**
 * One chunk in its own transaction. When a concurrent request creates, renames or deletes one of
 * the chunk's parts meanwhile, the transaction is rolled back and run again on the new state (a
 * few times at most).
 */
async function writeChunk(db: Db, actor: StockActor, rows: ImportRow[], columns: ReadonlySet<ImportColumn>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => writeRows(trx, actor, rows, columns));
    } catch (error) {
      const raced = error instanceof PartsChangedMeanwhile || isUniqueViolation(error) || isTransientConflict(error);
      if (!raced) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(csvImportMessages.concurrentChange);
    }
  }
}

/**
 * Imports the file into the actor's workspace, chunk by chunk. Rows the workspace's limits refuse
 * are reported with the file's bad rows, in line order.
 */
export async function importPartsCsv(db: Db, actor: StockActor, bytes: Uint8Array): Promise<CsvImportResult> {
  const parsed = await parsePartsCsv(bytes);
  const errors = [...parsed.errors];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const rows of chunks(parsed.rows, IMPORT_CHUNK_ROWS)) {
    await nextTurn();
    const written = await writeChunk(db, actor, rows, parsed.columns);
    created += written.created;
    updated += written.updated;
    unchanged += written.unchanged;
    errors.push(...written.refused);
  }
  errors.sort((a, b) => a.line - b.line);
  return { imported: created + updated + unchanged, created, updated, unchanged, errors: errors.map((error) => `${error.line}行目: ${error.reason}`) };
}
