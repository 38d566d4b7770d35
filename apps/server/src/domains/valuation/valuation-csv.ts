import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import { type Valuation, VALUATION_METHOD_LABELS } from '@inventory/contracts/valuation';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '../parts/csv-cells.ts';

// The 棚卸表 as CSV for a spreadsheet: UTF-8 with a byte-order mark and CRLF (Excel reads it as
// UTF-8), no cell a spreadsheet would run as a formula, amounts in plain yen (unit values and
// line values exact to the sen, the totals floored to whole yen as the sheet shows them).

export const valuationCsvFileName = (date: string) => `棚卸表_${date}.csv`;

/** attachment with the Japanese name (RFC 6266/5987) and an ASCII fallback for old clients. */
export const valuationCsvDisposition = (date: string) =>
  `attachment; filename="inventory_${date}.csv"; filename*=UTF-8''${encodeURIComponent(valuationCsvFileName(date))}`;

const yen = (value: number) => String(value);
const flooredYen = (value: number) => String(Math.floor(value));

export function valuationCsv(valuation: Valuation): string {
  const records: string[][] = [
    ['区分', '品番', '品名', '数量', '単位', '単価', '金額'],
    ...valuation.parts.map((part) => ['部品', part.part_number ?? '', part.name, String(part.quantity), part.unit ?? DEFAULT_UNIT_LABEL, yen(part.unit_value), yen(part.value)]),
    ...valuation.products.map((product) => [
      product.has_recipe ? '商品' : '商品（レシピなし）',
      product.part_number ?? '',
      product.name,
      String(product.quantity),
      DEFAULT_UNIT_LABEL,
      yen(product.unit_value),
      yen(product.value),
    ]),
    [],
    ['評価日', valuation.date],
    ['評価方法', VALUATION_METHOD_LABELS[valuation.method]],
    ['部品合計', '', '', '', '', '', flooredYen(valuation.parts_total)],
    ['商品合計', '', '', '', '', '', flooredYen(valuation.products_total)],
    ['合計', '', '', '', '', '', flooredYen(valuation.total)],
  ];
  return stringify(
    records.map((record) => record.map(neutraliseFormula)),
    { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
