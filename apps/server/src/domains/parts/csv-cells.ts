import { isUtf8 } from 'node:buffer';
import { setImmediate as nextTurn } from 'node:timers/promises';

// Cell rules shared by the CSV export and import, and the reading of an uploaded file's bytes.

/**
 * Spreadsheets run a cell starting with one of these as a formula (CSV injection), full-width
 * forms included (Japanese input methods type them). The export prefixes such a cell with an
 * apostrophe, and the same goes for every line inside a cell (a program that mistakes a line
 * break inside a cell for a new row must not find a formula there either). A cell or line that
 * already starts with apostrophes before such a character gets one more, so the import, which
 * takes exactly one off again, gives back every stored text unchanged.
 */
const CELL_START = /^'*[=+\-@\t\r＝＋－＠]/;
const LINE_START = /^'*[=+\-@\t＝＋－＠]/;
const NEUTRALISED_CELL = /^'+[=+\-@\t\r＝＋－＠]/;
const NEUTRALISED_LINE = /^'+[=+\-@\t＝＋－＠]/;
/** Splits a cell into lines with the line breaks between them (odd indexes). */
const LINE_BREAK = /(\r\n|\r|\n)/;

/** Applies `edit` to the lines of the cell that match: the first by the whole-cell rule, the rest by the line rule. */
function editLines(cell: string, first: RegExp, other: RegExp, edit: (line: string) => string): string {
  return cell
    .split(LINE_BREAK)
    .map((piece, index) => {
      if (index === 0) return first.test(cell) ? edit(piece) : piece;
      return index % 2 === 0 && other.test(piece) ? edit(piece) : piece;
    })
    .join('');
}

export const neutraliseFormula = (cell: string): string => editLines(cell, CELL_START, LINE_START, (line) => `'${line}`);

export const restoreNeutralised = (cell: string): string => editLines(cell, NEUTRALISED_CELL, NEUTRALISED_LINE, (line) => line.slice(1));

/** Shift_JIS bytes decoded between two turns of the event loop (a few milliseconds). */
const DECODE_PIECE_BYTES = 256 * 1024;

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
