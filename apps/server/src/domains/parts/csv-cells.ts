// Cell rules shared by the CSV export and import.

/**
 * Spreadsheets run a cell starting with one of these as a formula (CSV injection): the export
 * prefixes such cells with an apostrophe, and the import takes that apostrophe off again, so an
 * exported file imports back to the same values.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export const restoreNeutralised = (cell: string): string => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/**
 * Text of an uploaded CSV file: UTF-8 (with or without BOM) when the bytes are valid UTF-8,
 * otherwise Shift_JIS (Excel's "CSV" on Japanese Windows). Null when it is neither, or binary.
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  return text.includes('\0') ? null : text;
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
