import { CSV_TEMPLATE_COLUMNS } from '@inventory/contracts/parts-csv-columns';
import { downloadFile } from '../../../lib/download-file.ts';

export const CSV_TEMPLATE_FILE_NAME = 'parts_template.csv';
const BOM = '\uFEFF';

/**
 * The header row only: an example row left in by mistake would be imported as a real part
 * (the import creates every name it does not know). The import modal explains the columns.
 * The byte-order mark lets Excel open the UTF-8 file with the Japanese headers intact.
 */
function buildCsvTemplate() {
  return `${BOM}${CSV_TEMPLATE_COLUMNS.join(',')}\r\n`;
}

export function downloadCsvTemplate() {
  downloadFile(new Blob([buildCsvTemplate()], { type: 'text/csv;charset=utf-8' }), CSV_TEMPLATE_FILE_NAME);
}
