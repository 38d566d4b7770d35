import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { badRequest, HttpError } from './http-error.ts';

// Reading an uploaded CSV file into records, shared by every import (parts, shop orders): the
// limits, the encoding detection and the parsing in pieces with the event loop free between them.
// What the records mean is the importing domain's business.

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Rows per import file (after the header): the most one request may make the server write. */
export const CSV_MAX_ROWS = 10_000;
/**
 * Cells per row: ten times the parts template's columns, room for a spreadsheet's own columns
 * and for a shop's order export (Shopify's has about 80). With the rows it bounds the cells of a
 * file at about a million; a 10 MB header of commas alone (5 million cells) took seconds to
 * parse and check.
 */
export const CSV_MAX_COLUMNS = 100;
/**
 * Characters per row: far above a full row of any import, far below the file. The parser gathers
 * a long cell character by character (1.6 s of CPU for one 10 MB cell); the limit stops it after
 * 0.1 MB.
 */
export const CSV_MAX_ROW_CHARACTERS = 100_000;
/**
 * Bytes of the file parsed between two turns of the event loop (a few milliseconds each): parsed
 * in one go, a 10 MB file held every other request up for about a second.
 */
const PARSE_PIECE_BYTES = 64 * 1024;
/** Shift_JIS bytes decoded between two turns of the event loop (a few milliseconds). */
const DECODE_PIECE_BYTES = 256 * 1024;

export const csvFileMessages = {
  fileMissing: 'CSVファイルを選択してください',
  oneFileOnly: 'CSVファイルは1回に1つずつインポートしてください',
  unreadableUpload: 'CSVファイルを読み取れませんでした。ファイルを選択し直してもう一度インポートしてください',
  tooLarge: 'CSVファイルが大きすぎます（10MBまで）',
  empty: 'CSVファイルが空です',
  notCsv: 'CSVファイルを読み取れません。UTF-8またはShift_JISで保存したCSVファイルを選択してください',
  malformed: (line: number | undefined) =>
    line ? `CSVファイルの形式が正しくありません（${line}行目付近）` : 'CSVファイルの形式が正しくありません',
  tooManyRows: `CSVファイルの行数が多すぎます。1回のインポートは見出し行を除いて${CSV_MAX_ROWS.toLocaleString('ja-JP')}行までです。ファイルを分けてインポートしてください`,
  tooManyColumns: (line: number) => `CSVファイルの列が多すぎます（${line}行目）。1行は${CSV_MAX_COLUMNS}列までです。不要な列を削除してからインポートしてください`,
  rowTooLong: (line: number) => `CSVファイルの${line}行目が長すぎます。1行は${CSV_MAX_ROW_CHARACTERS.toLocaleString('ja-JP')}文字までです`,
} as const;

/**
 * An uploaded CSV file as UTF-8 bytes: the bytes themselves when they are valid UTF-8 (with or
 * without BOM), otherwise decoded from Shift_JIS (Excel's "CSV" on Japanese Windows) and encoded
 * again. Null when it is neither, or binary. The UTF-8 check is native and fast; Shift_JIS is
 * decoded piece by piece with a turn of the event loop between pieces (a 10 MB file decoded in
 * one go held other requests up for a quarter of a second on a busy machine).
 */
export async function csvBytesAsUtf8(bytes: Uint8Array): Promise<Buffer | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.includes(0) ? null : buffer;
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const pieces: Buffer[] = [];
  try {
    for (let start = 0; start < buffer.length; start += DECODE_PIECE_BYTES) {
      if (start > 0) await nextTurn();
      const end = start + DECODE_PIECE_BYTES;
      const text = decoder.decode(buffer.subarray(start, end), { stream: end < buffer.length });
      if (text.includes('\0')) return null;
      pieces.push(Buffer.from(text, 'utf8'));
    }
  } catch {
    return null;
  }
  return Buffer.concat(pieces);
}

const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

/**
 * A number as people type it in a spreadsheet: full-width digits, thousands separators, a yen
 * sign in front or 円 behind (`¥1,200`, `1,200円`, `１２００`). NaN when it is not a number.
 */
export function parseNumberCell(cell: string): number {
  if (PLAIN_NUMBER.test(cell)) return Number(cell);
  const text = cell
    .normalize('NFKC')
    .trim()
    .replace(/^[¥\\]\s*/, '')
    .replace(/\s*円$/, '');
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text)) return Number.NaN;
  return Number(text.replaceAll(',', ''));
}

/** The file in pieces of PARSE_PIECE_BYTES, with a turn of the event loop before each. */
async function* piecesOf(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += PARSE_PIECE_BYTES) {
    await nextTurn();
    yield bytes.subarray(start, start + PARSE_PIECE_BYTES);
  }
}

/**
 * Tab when the first line holds more tabs than commas (a shop's "TSV" export, a register's text
 * file), else comma. Chosen once for the whole file: a tab file whose names hold commas stays
 * one cell per column.
 */
function delimiterOf(utf8: Buffer): ',' | '\t' {
  const end = utf8.indexOf(10);
  const firstLine = utf8.subarray(0, end === -1 ? Math.min(utf8.length, CSV_MAX_ROW_CHARACTERS) : end).toString('utf8');
  const count = (character: string) => firstLine.split(character).length - 1;
  return count('\t') > count(',') ? '\t' : ',';
}

export interface CsvRecordsOptions {
  /** Accept tab-separated files too (the delimiter is read from the first line). */
  allowTab?: boolean;
  /** Stop after this many records (a sample of the file); CSV_MAX_ROWS + 1 otherwise. */
  maxRecords?: number;
}

/**
 * Every record of the file, the header first, as cells of text. Whole-file problems (empty, not
 * text, malformed, too many rows, cells or characters) answer 400 with a Japanese message. The
 * limits are checked by csv-parse as it reads, not on the parsed rows: a 10 MB header of 5
 * million empty cells took 2–7 s of CPU to parse and check, refused while parsing well under 0.1 s.
 */
export async function readCsvRecords(bytes: Uint8Array, { allowTab = false, maxRecords }: CsvRecordsOptions = {}): Promise<string[][]> {
  if (bytes.length === 0) throw badRequest(csvFileMessages.empty);
  const utf8 = await csvBytesAsUtf8(bytes);
  if (utf8 === null) throw badRequest(csvFileMessages.notCsv);
  const records: string[][] = [];
  try {
    const parser = parse({
      bom: true,
      delimiter: allowTab ? delimiterOf(utf8) : ',',
      relax_column_count: true,
      skip_empty_lines: false,
      // Past CSV_MAX_COLUMNS cells the parser stops splitting the line (the rest of it becomes one
      // last cell), so a row of millions of cells is never built; on_record then refuses the row,
      // or max_record_size stops the last cell's growth first.
      ignore_last_delimiters: CSV_MAX_COLUMNS + 1,
      max_record_size: CSV_MAX_ROW_CHARACTERS,
      ...(maxRecords !== undefined ? { to: maxRecords } : {}),
      on_record: (record: string[], { lines }) => {
        if (record.length > CSV_MAX_COLUMNS) throw badRequest(csvFileMessages.tooManyColumns(lines));
        return record;
      },
    });
    await pipeline(Readable.from(piecesOf(utf8)), parser, async (parsed: AsyncIterable<string[]>) => {
      for await (const record of parsed) {
        records.push(record);
        // Parsing stops one record past the limit, so a huge file costs no more than a full one.
        if (maxRecords === undefined && records.length > CSV_MAX_ROWS + 1) throw badRequest(csvFileMessages.tooManyRows);
      }
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, lines, index } = error as { code?: string; lines?: number; index?: number };
    // The parser's error in the cell past the last one allowed (its size, or a quote in it): the
    // row has too many cells, whatever else is wrong with it.
    if (index !== undefined && index >= CSV_MAX_COLUMNS) throw badRequest(csvFileMessages.tooManyColumns(lines ?? 1));
    if (code === 'CSV_MAX_RECORD_SIZE') throw badRequest(csvFileMessages.rowTooLong(lines ?? 1));
    throw badRequest(csvFileMessages.malformed(lines));
  }
  if (records.every((cells) => cells.every((cell) => cell.trim() === ''))) throw badRequest(csvFileMessages.empty);
  return records;
}
