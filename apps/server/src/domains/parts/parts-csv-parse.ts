import { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS, partFields } from '@inventory/contracts/parts';
import { barcodeField } from '@inventory/contracts/scan';
import { tagName } from '@inventory/contracts/tags';
import type { z } from 'zod';
import { csvFileMessages, parseNumberCell, readCsvRecords } from '../../lib/csv-file.ts';
import { eventLoopPauser } from '../../lib/event-loop.ts';
import { badRequest } from '../../lib/http-error.ts';
import { yenToSen } from '../../lib/money.ts';
import { restoreNeutralised } from './csv-cells.ts';

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

export { CSV_MAX_BYTES, CSV_MAX_ROWS } from '../../lib/csv-file.ts';

export const csvImportMessages = {
  ...csvFileMessages,
  missingNameColumn: 'CSVファイルの1行目（見出し行）に「部品名」の列がありません',
  duplicateColumn: (column: string) => `見出し行に「${column}」の列が重複しています`,
  duplicateName: (name: string, firstLine: number) => `部品名「${name}」は${firstLine}行目と重複しています`,
  duplicateBarcode: (barcode: string, firstLine: number) => `バーコード「${barcode}」は${firstLine}行目と重複しています`,
  concurrentChange: '同時に行われた変更と競合しました。もう一度インポートしてください',
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
  barcode?: string | null;
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
  const barcode = cellOf(cells, indexes, 'バーコード');
  if (barcode !== undefined) row.barcode = check(barcodeField, barcode, reasons);
  const tags = cellOf(cells, indexes, 'タグ');
  if (tags !== undefined) row.tags = readTagNames(tags, reasons);
  return row;
}

/** Reads and validates the file. Whole-file problems answer 400; row problems become errors. */
export async function parsePartsCsv(bytes: Uint8Array): Promise<ParsedCsv> {
  const [header, ...records] = await readCsvRecords(bytes);
  const indexes = readHeader(header ?? []);
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const lineOfName = new Map<string, number>();
  const lineOfBarcode = new Map<string, number>();
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
    const barcodeLine = row.barcode ? lineOfBarcode.get(row.barcode) : undefined;
    if (barcodeLine !== undefined) reasons.push(csvImportMessages.duplicateBarcode(row.barcode!, barcodeLine));
    else if (row.barcode && reasons.length === 0) lineOfBarcode.set(row.barcode, line);
    if (reasons.length > 0) errors.push({ line, reason: [...new Set(reasons)].join('、') });
    else rows.push(row);
  }
  return { rows, errors, columns: new Set(indexes.keys()) };
}
