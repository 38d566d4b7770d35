import { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS } from '@inventory/contracts/parts';
import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../db/create-database.ts';
import { listTags } from '../tags/tags-repository.ts';
import { localDateString } from '../../lib/time.ts';
import { neutraliseFormula } from './csv-cells.ts';
import { listParts } from './parts-repository.ts';

export const CSV_EXPORT_COLUMNS = [...CSV_TEMPLATE_COLUMNS, ...CSV_EXTRA_COLUMNS];

export const csvExportFileName = (date = new Date()) => `parts_${localDateString(date)}.csv`;

/**
 * Every part of the workspace as CSV: UTF-8 with a byte-order mark (so Excel reads it as
 * UTF-8), the template columns then 品番, カテゴリ, URL and タグ (names joined by the separator),
 * CRLF line ends, and no cell that a spreadsheet would run as a formula.
 */
export async function exportPartsCsv(db: DbOrTx, workspaceId: number): Promise<string> {
  const parts = await listParts(db, workspaceId);
  const tags = await listTags(db, workspaceId);
  const tagNames = new Map(tags.map((tag) => [tag.id, tag.name]));
  const records = parts.map((part) =>
    [
      part.name,
      part.unit ?? '',
      part.unit_price === null ? '' : String(part.unit_price),
      String(part.current_stock),
      String(part.min_stock_alert),
      part.part_number ?? '',
      part.category ?? '',
      part.url ?? '',
      part.tag_ids.map((id) => tagNames.get(id) ?? '').join(CSV_TAG_SEPARATOR),
    ].map(neutraliseFormula),
  );
  return stringify(records, { bom: true, header: true, columns: CSV_EXPORT_COLUMNS, record_delimiter: 'windows' });
}
