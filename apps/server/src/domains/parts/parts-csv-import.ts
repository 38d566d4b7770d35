import type { CsvImportResult } from '@inventory/contracts/parts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { conflict, isUniqueViolation } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { setPartStocks, type StockActor } from '../stock/part-stock.ts';
import { pickUnusedTagColor } from '../tags/tag-colors.ts';
import { findTagIdsByNames, insertTagsIgnoringDuplicates, listTagNames } from '../tags/tags-repository.ts';
import { loadTagIds, replaceTagLinks } from './part-tags-repository.ts';
import { csvImportMessages, type ImportColumn, type ImportRow, parsePartsCsv } from './parts-csv-parse.ts';
import { type BulkColumn, findPartIdsByNames, insertPartsInBulk, lockPartNames, updatePartsInBulk } from './parts-repository.ts';

// Writing a parsed parts CSV (parts-csv-parse.ts) into the workspace with set-based queries
// (no query per row), IMPORT_CHUNK_ROWS rows per transaction. Between chunks the event loop
// answers other requests: on SQLite every request shares one connection, so one long
// transaction would hold all of them up. A chunk commits on its own; since rows are matched by
// part name, running the same file again after an interruption finishes the work.

export const IMPORT_CHUNK_ROWS = 500;

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
];

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
      status: 'active',
      created_at: now,
      updated_at: now,
    })),
  );
}

/** Finds or creates the named tags (new ones get unused palette colours); answers ids by name. */
async function resolveTags(trx: DbOrTx, workspaceId: number, names: Set<string>): Promise<Map<string, number>> {
  const existing = await listTagNames(trx, workspaceId);
  const ids = new Map(existing.map((tag) => [tag.name, tag.id]));
  const missing = [...names].filter((name) => !ids.has(name));
  if (missing.length === 0) return ids;
  const usedColors = new Set(existing.map((tag) => tag.color.toUpperCase()));
  const newTags = missing.map((name) => {
    const color = pickUnusedTagColor(usedColors);
    usedColors.add(color);
    return { name, color };
  });
  // A tag created meanwhile by someone else is simply used.
  await insertTagsIgnoringDuplicates(trx, workspaceId, newTags);
  for (const [name, id] of await findTagIdsByNames(trx, workspaceId, missing)) ids.set(name, id);
  return ids;
}

/** Makes each part's tags exactly the listed ones; parts whose tags are already right are left alone. */
async function applyTags(trx: DbOrTx, workspaceId: number, rows: Array<{ id: number; tags: string[] }>) {
  const tagIds = await resolveTags(trx, workspaceId, new Set(rows.flatMap((row) => row.tags)));
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

/** Writes one chunk of rows in the caller's transaction; answers how many were created and updated. */
async function writeRows(trx: DbOrTx, actor: StockActor, rows: ImportRow[], columns: ReadonlySet<ImportColumn>) {
  const idByName = await findPartIdsByNames(
    trx,
    actor.workspaceId,
    rows.map((row) => row.name),
  );
  const updates = rows.filter((row) => idByName.has(row.name)).map((row) => ({ ...row, id: idByName.get(row.name)! }));
  const creates = rows.filter((row) => !idByName.has(row.name));

  // The parts must still carry the names they were matched by once their locks are held.
  const lockedNames = await lockPartNames(
    trx,
    actor.workspaceId,
    updates.map((row) => row.id),
  );
  if (updates.some((row) => lockedNames.get(row.id) !== row.name)) throw new PartsChangedMeanwhile();
  await updateFields(trx, actor.workspaceId, updates, columns);
  const createdIds = await insertParts(trx, actor.workspaceId, creates);
  const written = [...updates, ...creates.map((row) => ({ ...row, id: createdIds.get(row.name)! }))];

  await setPartStocks(
    trx,
    actor,
    written.filter((row) => row.stock !== undefined).map((row) => ({ partId: row.id, stock: row.stock! })),
    'csv_import',
  );
  if (columns.has('タグ')) {
    await applyTags(
      trx,
      actor.workspaceId,
      written.map((row) => ({ id: row.id, tags: row.tags ?? [] })),
    );
  }
  return { created: creates.length, updated: updates.length };
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

/** Imports the file into the actor's workspace, chunk by chunk. */
export async function importPartsCsv(db: Db, actor: StockActor, bytes: Uint8Array): Promise<CsvImportResult> {
  const parsed = await parsePartsCsv(bytes);
  const result: CsvImportResult = { imported: 0, created: 0, updated: 0, errors: parsed.errors };
  for (const rows of chunks(parsed.rows, IMPORT_CHUNK_ROWS)) {
    await nextTurn();
    const { created, updated } = await writeChunk(db, actor, rows, parsed.columns);
    result.created += created;
    result.updated += updated;
  }
  result.imported = result.created + result.updated;
  return result;
}
