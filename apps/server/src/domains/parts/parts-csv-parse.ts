import { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS, partFields } from '@inventory/contracts/parts';
import { tagName } from '@inventory/contracts/tags';
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import { eventLoopPauser } from '../../lib/event-loop.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { yenToSen } from '../../lib/money.ts';
import { csvBytesAsUtf8, parseNumberCell, restoreNeutralised } from './csv-cells.ts';

// Reading a parts CSV file (POST /parts/import/csv): bytes to validated rows, no database.
// parts-csv-import.ts writes the rows. Rules:
// - The header row is required and must contain 部品名; columns are found by their header name
//   (the template columns, and the export's extra columns when present); unknown ones are ignored.
// - A row whose 部品名 exists updates that part; other rows create parts.
// - An absent column leaves the field as it is (new parts get the defaults). An empty cell
//   clears the optional text and price fields; an empty stock cell (現在在庫, 最小在庫アラート)
//   leaves the value unchanged on update and means 0 on create. The タグ cell lists the part's
//   tags (empty: no tags); missing tags are created.
// - Bad rows are reported as `N行目: reason` (the header is line 1); the good rows are written.

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Rows per import file (after the header): the most one request may make the server write. */
export const CSV_MAX_ROWS = 10_000;
/**
 * Cells per row: ten times the template's columns, for the spreadsheet's own columns the import
 * ignores. With the rows it bounds the cells of a file at about a million; a 10 MB header of
 * commas alone (5 million cells) took seconds to parse and check.
 */
export const CSV_MAX_COLUMNS = 100;
/**
 * Characters per row: far above a full row of the template (a 2,000-character URL and every tag
 * of the workspace), far below the file. The parser gathers a long cell character by character
 * (1.6 s of CPU for one 10 MB cell); the limit stops it after 0.1 MB.
 */
export const CSV_MAX_ROW_CHARACTERS = 100_000;
/**
 * Bytes of the file parsed between two turns of the event loop (a few milliseconds each): parsed
 * in one go, a 10 MB file held every other request up for about a second.
 */
const PARSE_PIECE_BYTES = 64 * 1024;

export const csvImportMessages = {
  fileMissing: 'CSVファイルを選択してください',
  oneFileOnly: 'CSVファイルは1回に1つずつインポートしてください',
  unreadableUpload: 'CSVファイルを読み取れませんでした。ファイルを選択し直してもう一度インポートしてください',
  tooLarge: 'CSVファイルが大きすぎます（10MBまで）',
  empty: 'CSVファイルが空です',
  notCsv: 'CSVファイルを読み取れません。UTF-8またはShift_JISで保存したCSVファイルを選択してください',
  malformed: (line: number | undefined) =>
    line ? `CSVファイルの形式が正しくありません（${line}行目付近）` : 'CSVファイルの形式が正しくありません',
  missingNameColumn: 'CSVファイルの1行目（見出し行）に「部品名」の列がありません',
  duplicateColumn: (column: string) => `見出し行に「${column}」の列が重複しています`,
  duplicateName: (name: string, firstLine: number) => `部品名「${name}」は${firstLine}行目と重複しています`,
  concurrentChange: '同時に行われた変更と競合しました。もう一度インポートしてください',
  tooManyRows: `CSVファイルの行数が多すぎます。1回のインポートは見出し行を除いて${CSV_MAX_ROWS.toLocaleString('ja-JP')}行までです。ファイルを分けてインポートしてください`,
  tooManyColumns: (line: number) => `CSVファイルの列が多すぎます（${line}行目）。1行は${CSV_MAX_COLUMNS}列までです。不要な列を削除してからインポートしてください`,
  rowTooLong: (line: number) => `CSVファイルの${line}行目が長すぎます。1行は${CSV_MAX_ROW_CHARACTERS.toLocaleString('ja-JP')}文字までです`,
} as const;

export const IMPORT_COLUMNS = [...CSV_TEMPLATE_COLUMNS, ...CSV_EXTRA_COLUMNS];
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface ImportRow {
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

/** A row that is not imported, and why (shown as `N行目: reason`). */
export interface RowError {
  line: number;
  reason: string;
}

export interface ParsedCsv {
  rows: ImportRow[];
  columns: ReadonlySet<ImportColumn>;
  errors: RowError[];
}

/** The file in pieces of PARSE_PIECE_BYTES, with a turn of the event loop before each. */
async function* piecesOf(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += PARSE_PIECE_BYTES) {
    await nextTurn();
    yield bytes.subarray(start, start + PARSE_PIECE_BYTES);
  }
}

async function readRecords(bytes: Uint8Array): Promise<string[][]> {
  if (bytes.length === 0) throw badRequest(csvImportMessages.empty);
  const utf8 = await csvBytesAsUtf8(bytes);
  if (utf8 === null) throw badRequest(csvImportMessages.notCsv);
  const records: string[][] = [];
  try {
    const parser = parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // Past CSV_MAX_COLUMNS cells the parser stops splitting the line (the rest of it becomes one
      // last cell), so a row of millions of cells is never built; on_record then refuses the row,
      // or max_record_size stops the last cell's growth first.
      ignore_last_delimiters: CSV_MAX_COLUMNS + 1,
      max_record_size: CSV_MAX_ROW_CHARACTERS,
      on_record: (record: string[], { lines }) => {
        if (record.length > CSV_MAX_COLUMNS) throw badRequest(csvImportMessages.tooManyColumns(lines));
        return record;
      },
    });
    await pipeline(Readable.from(piecesOf(utf8)), parser, async (parsed: AsyncIterable<string[]>) => {
      for await (const record of parsed) {
        records.push(record);
        // Parsing stops one record past the limit, so a huge file costs no more than a full one.
        if (records.length > CSV_MAX_ROWS + 1) throw badRequest(csvImportMessages.tooManyRows);
      }
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, lines, index } = error as { code?: string; lines?: number; index?: number };
    // The parser's error in the cell past the last one allowed (its size, or a quote in it): the
    // row has too many cells, whatever else is wrong with it.
    if (index !== undefined && index >= CSV_MAX_COLUMNS) throw badRequest(csvImportMessages.tooManyColumns(lines ?? 1));
    if (code === 'CSV_MAX_RECORD_SIZE') throw badRequest(csvImportMessages.rowTooLong(lines ?? 1));
    throw badRequest(csvImportMessages.malformed(lines));
  }
  if (records.every((cells) => cells.every((cell) => cell.trim() === ''))) throw badRequest(csvImportMessages.empty);
  return records;
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
export async function parsePartsCsv(bytes: Uint8Array): Promise<ParsedCsv> {
  const [header, ...records] = await readRecords(bytes);
  const indexes = readHeader(header ?? []);
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const lineOfName = new Map<string, number>();
  const pause = eventLoopPauser();
  for (const [index, cells] of records.entries()) {
    await pause();
    if (cells.every((value) => value.trim() === '')) continue;
    const line = index + 2;
    const reasons: string[] = [];
    const row = readRow(cells, line, indexes, reasons);
    const firstLine = row.name ? lineOfName.get(row.name) : undefined;
    if (firstLine !== undefined) reasons.push(csvImportMessages.duplicateName(row.name, firstLine));
    else if (row.name && reasons.length === 0) lineOfName.set(row.name, line);
    if (reasons.length > 0) errors.push({ line, reason: [...new Set(reasons)].join('、') });
    else rows.push(row);
  }
  return { rows, errors, columns: new Set(indexes.keys()) };
}
