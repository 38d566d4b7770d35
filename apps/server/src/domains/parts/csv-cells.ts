// Cell rules shared by the parts CSV export and import (the reading of an uploaded file is lib/csv-file.ts).

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
