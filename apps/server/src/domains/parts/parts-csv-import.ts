import { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS, type CsvImportResult, partFields } from '@inventory/contracts/parts';
import { requiredText } from '@inventory/contracts/fields';
import { TAG_NAME_MAX } from '@inventory/contracts/tags';
import { parse } from 'csv-parse/sync';
import { PostgresAdapter, sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { badRequest, conflict, isUniqueViolation } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { setPartStocks, type StockActor } from '../stock/part-stock.ts';
import { pickUnusedTagColor } from '../tags/tag-colors.ts';
import { decodeCsvBytes, parseNumberCell, restoreNeutralised } from './csv-cells.ts';
import { yenToSen } from '../../lib/money.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { loadTagIds, replaceTagLinks } from './part-tags-repository.ts';
import { findTagIdsByNames, insertTagsIgnoringDuplicates, listTagNames } from '../tags/tags-repository.ts';

// CSV import (POST /parts/import/csv). Rules:
// - The header row is required and must contain 部品名; columns are found by their header name
//   (the template columns, and the export's extra columns when present); unknown ones are ignored.
// - A row whose 部品名 exists updates that part; other rows create parts.
// - An absent column leaves the field as it is (new parts get the defaults). An empty cell
//   clears the optional text and price fields; an empty stock cell (現在在庫, 最小在庫アラート)
//   leaves the value unchanged on update and means 0 on create. The タグ cell lists the part's
//   tags (empty: no tags); missing tags are created.
// - Bad rows are reported as `N行目: reason` (the header is line 1); the good rows are written in
//   one transaction, with set-based queries only (no query per row), so 10,000 rows take well
//   under the 2 s budget.

export const CSV_MAX_BYTES = 10 * 1024 * 1024;

export const csvImportMessages = {
  fileMissing: 'CSVファイルを選択してください',
  tooLarge: 'CSVファイルが大きすぎます（10MBまで）',
  empty: 'CSVファイルが空です',
  notCsv: 'CSVファイルを読み取れません。UTF-8またはShift_JISで保存したCSVファイルを選択してください',
  malformed: (line: number | undefined) =>
    line ? `CSVファイルの形式が正しくありません（${line}行目付近）` : 'CSVファイルの形式が正しくありません',
  missingNameColumn: 'CSVファイルの1行目（見出し行）に「部品名」の列がありません',
  duplicateColumn: (column: string) => `見出し行に「${column}」の列が重複しています`,
  duplicateName: (name: string, firstLine: number) => `部品名「${name}」は${firstLine}行目と重複しています`,
  concurrentChange: '同時に行われた変更と競合しました。もう一度インポートしてください',
} as const;

const IMPORT_COLUMNS = [...CSV_TEMPLATE_COLUMNS, ...CSV_EXTRA_COLUMNS];
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

interface ImportRow {
  line: number;
  name: string;
  unit?: string | null;
  unitPriceSen?: number | null;
  /** Undefined: absent column or empty cell (unchanged on update, 0 on create). */
  stock?: number;
  minStockAlert?: number;
  partNumber?: string | null;
  category?: string | null;
  url?: string | null;
  tags?: string[];
}

interface ParsedCsv {
  rows: ImportRow[];
  columns: ReadonlySet<ImportColumn>;
  errors: string[];
}

const tagName = requiredText('タグ名', TAG_NAME_MAX);

function readRecords(bytes: Uint8Array): string[][] {
  if (bytes.length === 0) throw badRequest(csvImportMessages.empty);
  const text = decodeCsvBytes(bytes);
  if (text === null) throw badRequest(csvImportMessages.notCsv);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest(csvImportMessages.empty);
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    throw badRequest(csvImportMessages.malformed((error as { lines?: number }).lines));
  }
}

function readHeader(cells: string[]): Map<ImportColumn, number> {
  const known = new Set<string>(IMPORT_COLUMNS);
  const indexes = new Map<ImportColumn, number>();
  cells.forEach((cell, index) => {
    const column = restoreNeutralised(cell).trim();
    if (!known.has(column)) return;
    if (indexes.has(column as ImportColumn)) throw badRequest(csvImportMessages.duplicateColumn(column));
    indexes.set(column as ImportColumn, index);
  });
  if (!indexes.has('部品名')) throw badRequest(csvImportMessages.missingNameColumn);
  return indexes;
}

/** The trimmed cell of a column (without the export's formula apostrophe); undefined when the column is absent. */
function cellOf(cells: string[], indexes: Map<ImportColumn, number>, column: ImportColumn): string | undefined {
  const index = indexes.get(column);
  return index === undefined ? undefined : restoreNeutralised(cells[index] ?? '').trim();
}

function readTagNames(cell: string, reasons: string[]): string[] {
  const names = new Set<string>();
  for (const part of cell.split(CSV_TAG_SEPARATOR)) {
    const name = part.trim();
    if (name !== '') names.add(check(tagName, name, reasons));
  }
  return [...names];
}

/** Validates one cell with the field's schema of the API; collects the reason when it fails. */
function check<T>(schema: z.ZodType<T>, value: unknown, reasons: string[]): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  reasons.push(result.error.issues[0]?.message ?? '値が正しくありません');
  return undefined as T;
}

function readRow(cells: string[], line: number, indexes: Map<ImportColumn, number>, reasons: string[]): ImportRow {
  const row: ImportRow = { line, name: check(partFields.name, cellOf(cells, indexes, '部品名'), reasons) };

  const unit = cellOf(cells, indexes, '単位');
  if (unit !== undefined) row.unit = check(partFields.unit, unit, reasons);
  const price = cellOf(cells, indexes, '単価');
  if (price !== undefined) {
    const yen = price === '' ? null : check(partFields.unit_price, parseNumberCell(price), reasons);
    row.unitPriceSen = yen === null || yen === undefined ? null : yenToSen(yen);
  }
  const stock = cellOf(cells, indexes, '現在在庫');
  if (stock) row.stock = check(partFields.current_stock, parseNumberCell(stock), reasons);
  const minStockAlert = cellOf(cells, indexes, '最小在庫アラート');
  if (minStockAlert) row.minStockAlert = check(partFields.min_stock_alert, parseNumberCell(minStockAlert), reasons);
  const partNumber = cellOf(cells, indexes, '品番');
  if (partNumber !== undefined) row.partNumber = check(partFields.part_number, partNumber, reasons);
  const category = cellOf(cells, indexes, 'カテゴリ');
  if (category !== undefined) row.category = check(partFields.category, category, reasons);
  const url = cellOf(cells, indexes, 'URL');
  if (url !== undefined) row.url = check(partFields.url, url, reasons);
  const tags = cellOf(cells, indexes, 'タグ');
  if (tags !== undefined) row.tags = readTagNames(tags, reasons);
  return row;
}

/** Reads and validates the file. Whole-file problems answer 400; row problems become errors. */
export function parsePartsCsv(bytes: Uint8Array): ParsedCsv {
  const [header, ...records] = readRecords(bytes);
  const indexes = readHeader(header ?? []);
  const rows: ImportRow[] = [];
  const errors: string[] = [];
  const lineOfName = new Map<string, number>();
  records.forEach((cells, index) => {
    if (cells.every((value) => value.trim() === '')) return;
    const line = index + 2;
    const reasons: string[] = [];
    const row = readRow(cells, line, indexes, reasons);
    const firstLine = row.name ? lineOfName.get(row.name) : undefined;
    if (firstLine !== undefined) reasons.push(csvImportMessages.duplicateName(row.name, firstLine));
    else if (row.name && reasons.length === 0) lineOfName.set(row.name, line);
    if (reasons.length > 0) errors.push(`${line}行目: ${[...new Set(reasons)].join('、')}`);
    else rows.push(row);
  });
  return { rows, errors, columns: new Set(indexes.keys()) };
}

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
