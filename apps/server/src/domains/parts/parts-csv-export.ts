import { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS, type Part } from '@inventory/contracts/parts';
import { stringify } from 'csv-stringify/sync';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DbOrTx } from '../../db/database.ts';
import { localDateString } from '../../lib/time.ts';
import { listTags } from '../tags/tags-repository.ts';
import { neutraliseFormula } from './csv-cells.ts';
import { listPartsAfter } from './parts-repository.ts';

export const CSV_EXPORT_COLUMNS = [...CSV_TEMPLATE_COLUMNS, ...CSV_EXTRA_COLUMNS];

/** Parts read, written and sent per turn of the event loop. */
export const EXPORT_PAGE_PARTS = 500;

export const csvExportFileName = (date = new Date()) => `parts_${localDateString(date)}.csv`;

const toRecord = (part: Part, tagNames: Map<number, string>) =>
  [
    part.name,
    part.unit ?? '',
    part.unit_price === null ? '' : String(part.unit_price),
    String(part.current_stock),
    String(part.min_stock_alert),
    part.barcode ?? '',
    part.part_number ?? '',
    part.category ?? '',
    part.url ?? '',
    part.tag_ids.map((id) => tagNames.get(id) ?? '').join(CSV_TAG_SEPARATOR),
  ].map(neutraliseFormula);

// CRLF between records; a cell holding any line break is quoted, so a bare LF or CR inside it
// can never start a new row.
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/**
 * Every part of the workspace as CSV, page by page in id order: UTF-8 with a byte-order mark (so
 * Excel reads it as UTF-8), the template columns then バーコード, 品番, カテゴリ, URL and タグ (names joined
 * by the separator), and no cell or line that a spreadsheet would run as a formula. Each page
 * is a short query and a short piece of work, so a workspace of any size never holds up other
 * requests.
 */
export async function* exportPartsCsv(db: DbOrTx, workspaceId: number): AsyncGenerator<string> {
  const tagNames = new Map((await listTags(db, workspaceId)).map((tag) => [tag.id, tag.name]));
  yield stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: CSV_EXPORT_COLUMNS });
  for (let afterId = 0; ; ) {
    await nextTurn();
    const parts = await listPartsAfter(db, workspaceId, afterId, EXPORT_PAGE_PARTS);
    if (parts.length === 0) return;
    yield stringify(
      parts.map((part) => toRecord(part, tagNames)),
      CSV_OPTIONS,
    );
    afterId = parts.at(-1)!.id;
  }
}
