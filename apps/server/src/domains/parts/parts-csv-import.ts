import type { CsvImportResult } from '@inventory/contracts/parts';
import { PostgresAdapter, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { conflict, isUniqueViolation } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { setPartStocks, type StockActor } from '../stock/part-stock.ts';
import { pickUnusedTagColor } from '../tags/tag-colors.ts';
import { findTagIdsByNames, insertTagsIgnoringDuplicates, listTagNames } from '../tags/tags-repository.ts';
import { loadTagIds, replaceTagLinks } from './part-tags-repository.ts';
import { csvImportMessages, type ImportColumn, type ImportRow, type ParsedCsv, parsePartsCsv } from './parts-csv-parse.ts';

// Writing a parsed parts CSV (parts-csv-parse.ts) into the workspace: set-based queries only
// (no query per row).

/** Thrown inside the transaction when parts changed between reading and locking them. */
class PartsChangedMeanwhile extends Error {}

/**
 * Takes the write locks of the parts about to be updated, in id order (so two imports, or an
 * import and a stock change, queue up instead of deadlocking), and checks they still carry the
 * names they were matched by. PostgreSQL: SELECT … FOR UPDATE. SQLite has no row locks and needs
 * none here: the app's SQLite transactions run one at a time on its single connection.
 */
async function lockPartsByName(trx: DbOrTx, workspaceId: number, expected: Array<{ id: number; name: string }>) {
  const sorted = [...expected].sort((a, b) => a.id - b.id);
  const isPostgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const lockedNames = new Map<number, string>();
  for (const chunk of chunks(sorted)) {
    const query = trx
      .selectFrom('parts')
      .select(['id', 'name'])
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where(
        'id',
        'in',
        chunk.map((part) => part.id),
      )
      .orderBy('id');
    const rows = await (isPostgres ? query.forUpdate() : query).execute();
    for (const row of rows) lockedNames.set(row.id, row.name);
  }
  if (sorted.some((part) => lockedNames.get(part.id) !== part.name)) throw new PartsChangedMeanwhile();
}

interface FieldSetter {
  column: 'unit' | 'unit_price_sen' | 'min_stock_alert' | 'part_number' | 'category' | 'url';
  type: 'text' | 'bigint' | 'integer';
  value: (row: ImportRow) => string | number | null | undefined;
  /** An empty cell keeps the current value (stock fields). */
  keepWhenEmpty?: boolean;
}

const FIELD_SETTERS: Array<[ImportColumn, FieldSetter]> = [
  ['単位', { column: 'unit', type: 'text', value: (row) => row.unit }],
  ['単価', { column: 'unit_price_sen', type: 'bigint', value: (row) => row.unitPriceSen }],
  ['最小在庫アラート', { column: 'min_stock_alert', type: 'integer', value: (row) => row.minStockAlert, keepWhenEmpty: true }],
  ['品番', { column: 'part_number', type: 'text', value: (row) => row.partNumber }],
  ['カテゴリ', { column: 'category', type: 'text', value: (row) => row.category }],
  ['URL', { column: 'url', type: 'text', value: (row) => row.url }],
];

/**
 * Updates the fields of the file's columns for many parts at once:
 * `UPDATE parts SET … FROM (VALUES (id, …), …) AS v WHERE parts.id = v.column1`, 500 rows per
 * statement (both databases name the VALUES columns column1, column2, …). The values travel as
 * plain parameters and are cast in the SET clause, which keeps the statement cheap to build.
 */
async function updateFields(trx: DbOrTx, workspaceId: number, rows: Array<ImportRow & { id: number }>, columns: ReadonlySet<ImportColumn>) {
  const setters = FIELD_SETTERS.filter(([column]) => columns.has(column)).map(([, setter]) => setter);
  if (setters.length === 0 || rows.length === 0) return;
  const assignments = sql.join(
    setters.map((setter, index) => {
      const value = sql`cast(${sql.ref(`v.column${index + 2}`)} as ${sql.raw(setter.type)})`;
      return setter.keepWhenEmpty
        ? sql`${sql.ref(setter.column)} = coalesce(${value}, ${sql.ref(`parts.${setter.column}`)})`
        : sql`${sql.ref(setter.column)} = ${value}`;
    }),
  );
  const now = nowIso();
  for (const chunk of chunks(rows)) {
    const values = sql.join(chunk.map((row) => sql`(${sql.join([row.id, ...setters.map((setter) => setter.value(row) ?? null)])})`));
    await sql`update parts set ${assignments}, updated_at = ${now} from (values ${values}) as v
      where parts.id = cast(v.column1 as integer) and parts.workspace_id = ${workspaceId}`.execute(trx);
  }
}

/** Inserts the new parts (stock 0; their stock is booked afterwards) and answers their ids by name. */
async function insertParts(trx: DbOrTx, workspaceId: number, rows: ImportRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = nowIso();
  for (const chunk of chunks(rows)) {
    const inserted = await trx
      .insertInto('parts')
      .values(
        chunk.map((row) => ({
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
      )
      .returning(['id', 'name'])
      .execute();
    for (const part of inserted) ids.set(part.name, part.id);
  }
  return ids;
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

async function writeRows(trx: DbOrTx, actor: StockActor, parsed: ParsedCsv) {
  const existing = await trx.selectFrom('parts').select(['id', 'name']).where('workspace_id', '=', actor.workspaceId).execute();
  const idByName = new Map(existing.map((part) => [part.name, part.id]));
  const updates = parsed.rows.filter((row) => idByName.has(row.name)).map((row) => ({ ...row, id: idByName.get(row.name)! }));
  const creates = parsed.rows.filter((row) => !idByName.has(row.name));

  await lockPartsByName(trx, actor.workspaceId, updates);
  await updateFields(trx, actor.workspaceId, updates, parsed.columns);
  const createdIds = await insertParts(trx, actor.workspaceId, creates);
  const written = [...updates, ...creates.map((row) => ({ ...row, id: createdIds.get(row.name)! }))];

  await setPartStocks(
    trx,
    actor,
    written.filter((row) => row.stock !== undefined).map((row) => ({ partId: row.id, stock: row.stock! })),
    'csv_import',
  );
  if (parsed.columns.has('タグ')) {
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
 * Imports the file into the actor's workspace. When a concurrent request creates, renames or
 * deletes one of the file's parts meanwhile, the transaction is rolled back and run again on the
 * new state (a few times at most).
 */
export async function importPartsCsv(db: Db, actor: StockActor, bytes: Uint8Array): Promise<CsvImportResult> {
  const parsed = parsePartsCsv(bytes);
  if (parsed.rows.length === 0) return { imported: 0, created: 0, updated: 0, errors: parsed.errors };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { created, updated } = await db.transaction().execute((trx) => writeRows(trx, actor, parsed));
      return { imported: created + updated, created, updated, errors: parsed.errors };
    } catch (error) {
      const raced = error instanceof PartsChangedMeanwhile || isUniqueViolation(error) || isTransientConflict(error);
      if (!raced) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(csvImportMessages.concurrentChange);
    }
  }
}
