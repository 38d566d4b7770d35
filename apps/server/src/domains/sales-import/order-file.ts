import { MONEY_MAX_YEN, STOCK_MAX } from '@inventory/contracts/fields';
import {
  SAMPLE_ROWS,
  SALES_IMPORT_COLUMN_LABELS,
  type SalesImportColumnField,
  type SalesImportColumns,
  type SalesImportSample,
  SHOPIFY_SOURCE,
  SHOPIFY_SOURCE_NAME,
} from '@inventory/contracts/sales-import';
import { parseNumberCell, readCsvRecords } from '../../lib/csv-file.ts';
import { eventLoopPauser } from '../../lib/event-loop.ts';
import { badRequest } from '../../lib/http-error.ts';
import { orderDateOf } from './order-dates.ts';

// Reading a shop's order file into order lines, no database: the file's bytes through the
// shared CSV reader (lib/csv-file.ts: UTF-8 or Shift_JIS, comma or tab), its header row, then one
// order line per row, read through the source's column mapping. Rules:
// - Every mapped column must be in the header row (else 400); other columns are ignored.
// - The order-level values (date, status) of a row left empty are those of the order's first
//   row: Shopify writes them on the first row of an order only, its other lines are continuation
//   rows with the same Name.
// - An order is cancelled when a row of it has a status meaning cancelled (or, in Shopify's
//   export, a Cancelled at time): every line of it is.
// - Each line is keyed by its order id and line key: the SKU (else the name) with its position
//   among the order's lines of that SKU, so the same order in a later file gives the same keys.
// - Bad rows are reported as `N行目: reason` (the header is line 1); the other rows go on.

const ORDER_ID_MAX = 100;
const SKU_MAX = 200;
const NAME_MAX = 400;

/** How to read the files of one source. */
export interface OrderReading {
  /** The source as keys and aliases store it: `shopify` or the format's id. */
  source: string;
  /** Its name, written on the imported sales: Shopify, or the format's name. */
  sourceName: string;
  columns: SalesImportColumns;
  /** Shopify only: the column whose time means the order was cancelled. */
  cancelledAtColumn: string | null;
  /** Status values meaning cancelled or refunded, compared after NFKC, trimming and lower-casing. */
  cancelledValues: ReadonlySet<string>;
  /** Mapped columns the file may lack (Shopify's status columns); every other mapped one is required. */
  optionalColumns: ReadonlySet<string>;
}

export const normaliseStatus = (value: string) => value.normalize('NFKC').trim().toLowerCase();

/**
 * Shopify's order export as documented: one row per line item; Name is the order (#1001), Created
 * at its time with offset; Financial Status refunded or voided, or a Cancelled at time, cancels it.
 */
export const SHOPIFY_READING: OrderReading = {
  source: SHOPIFY_SOURCE,
  sourceName: SHOPIFY_SOURCE_NAME,
  columns: {
    order_id: 'Name',
    order_date: 'Created at',
    sku: 'Lineitem sku',
    product_name: 'Lineitem name',
    variation: null,
    quantity: 'Lineitem quantity',
    unit_price: 'Lineitem price',
    status: 'Financial Status',
  },
  cancelledAtColumn: 'Cancelled at',
  cancelledValues: new Set(['refunded', 'voided']),
  optionalColumns: new Set(['Financial Status', 'Cancelled at', 'Lineitem sku', 'Lineitem name']),
};

export const orderFileMessages = {
  missingColumn: (header: string, label: string) => `CSVファイルの1行目（見出し行）に「${header}」の列（${label}）がありません`,
  missingProductColumns: (sku: string | null, name: string | null) =>
    `CSVファイルの1行目（見出し行）に${[sku, name].filter((header) => header !== null).map((header) => `「${header}」`).join('か')}の列が必要です（SKU・商品コードか商品名）`,
  orderIdMissing: '注文番号が入力されていません',
  orderIdTooLong: `注文番号は${ORDER_ID_MAX}文字以内にしてください`,
  dateMissing: '注文日が入力されていません',
  notADate: (cell: string) => `注文日「${cell}」は日付として読み取れません`,
  productMissing: 'SKU・商品コードも商品名も入力されていません',
  skuTooLong: `SKU・商品コードは${SKU_MAX}文字以内にしてください`,
  nameTooLong: `商品名は${NAME_MAX}文字以内にしてください`,
  notAQuantity: (cell: string) => `数量「${cell}」は1以上の整数ではありません`,
  quantityTooLarge: `数量は${STOCK_MAX.toLocaleString('ja-JP')}以下にしてください`,
  notAPrice: (cell: string) => `単価「${cell}」は数値ではありません`,
  priceOutOfRange: `単価は0以上${MONEY_MAX_YEN.toLocaleString('ja-JP')}以下にしてください`,
  priceDecimals: '単価は小数第2位までにしてください',
} as const;

export interface OrderLine {
  /** The line of the file (the header is line 1). */
  row: number;
  orderId: string;
  /** yyyy-MM-dd */
  date: string;
  /** '' without one. */
  sku: string;
  /** The product name (with the variation when mapped); '' without one. */
  name: string;
  quantity: number;
  unitPriceSen: number;
  /** The order is cancelled or refunded. */
  cancelled: boolean;
  lineKey: string;
}

export interface RowError {
  row: number;
  reason: string;
}

export interface OrderFile {
  lines: OrderLine[];
  errors: RowError[];
}

type ColumnIndexes = Partial<Record<SalesImportColumnField | 'cancelled_at', number>>;

function readHeader(header: string[], reading: OrderReading): ColumnIndexes {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = cell.trim();
    if (!positions.has(name)) positions.set(name, index);
  });
  const indexes: ColumnIndexes = {};
  const mapped = Object.entries(reading.columns) as Array<[SalesImportColumnField, string | null]>;
  for (const [field, column] of mapped) {
    if (column === null) continue;
    const index = positions.get(column.trim());
    if (index !== undefined) indexes[field] = index;
    else if (!reading.optionalColumns.has(column)) throw badRequest(orderFileMessages.missingColumn(column, SALES_IMPORT_COLUMN_LABELS[field]));
  }
  // Shopify's file needs one of its two product columns.
  if (indexes.sku === undefined && indexes.product_name === undefined) {
    throw badRequest(orderFileMessages.missingProductColumns(reading.columns.sku, reading.columns.product_name));
  }
  if (reading.cancelledAtColumn !== null) {
    const index = positions.get(reading.cancelledAtColumn);
    if (index !== undefined) indexes.cancelled_at = index;
  }
  return indexes;
}

interface ReadRow {
  row: number;
  orderId: string;
  /** Null: empty cell, the order's first row gives it. */
  date: string | null;
  sku: string;
  name: string;
  quantity: number;
  unitPriceSen: number;
}

function readQuantity(cell: string, reasons: string[]): number {
  const value = parseNumberCell(cell);
  if (!Number.isInteger(value) || value < 1) reasons.push(orderFileMessages.notAQuantity(cell));
  else if (value > STOCK_MAX) reasons.push(orderFileMessages.quantityTooLarge);
  return value;
}

function readPriceSen(cell: string, reasons: string[]): number {
  const value = parseNumberCell(cell);
  if (cell === '' || Number.isNaN(value)) reasons.push(orderFileMessages.notAPrice(cell));
  else if (value < 0 || value > MONEY_MAX_YEN) reasons.push(orderFileMessages.priceOutOfRange);
  else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) reasons.push(orderFileMessages.priceDecimals);
  return Math.round(value * 100);
}

/** Reads the file through the source's mapping. Whole-file problems answer 400; row problems become errors. */
export async function readOrderFile(bytes: Uint8Array, reading: OrderReading): Promise<OrderFile> {
  const [header, ...records] = await readCsvRecords(bytes, { allowTab: true });
  const indexes = readHeader(header ?? [], reading);
  const cellOf = (cells: string[], field: keyof ColumnIndexes) => {
    const index = indexes[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const rows: ReadRow[] = [];
  const errors: RowError[] = [];
  // The order-level values of each order: its first date, and whether any row cancels it.
  const orderDates = new Map<string, string>();
  const cancelledOrders = new Set<string>();
  const pause = eventLoopPauser();
  for (const [index, cells] of records.entries()) {
    await pause();
    if (cells.every((value) => value.trim() === '')) continue;
    const row = index + 2;
    const reasons: string[] = [];
    const orderId = cellOf(cells, 'order_id');
    if (orderId === '') reasons.push(orderFileMessages.orderIdMissing);
    else if (orderId.length > ORDER_ID_MAX) reasons.push(orderFileMessages.orderIdTooLong);
    const dateCell = cellOf(cells, 'order_date');
    const date = dateCell === '' ? null : orderDateOf(dateCell);
    if (dateCell !== '' && date === null) reasons.push(orderFileMessages.notADate(dateCell));
    const sku = cellOf(cells, 'sku');
    const variation = cellOf(cells, 'variation');
    const name = [cellOf(cells, 'product_name'), variation].filter((part) => part !== '').join(' ');
    if (sku === '' && name === '') reasons.push(orderFileMessages.productMissing);
    if (sku.length > SKU_MAX) reasons.push(orderFileMessages.skuTooLong);
    if (name.length > NAME_MAX) reasons.push(orderFileMessages.nameTooLong);
    const quantity = readQuantity(cellOf(cells, 'quantity'), reasons);
    const unitPriceSen = readPriceSen(cellOf(cells, 'unit_price'), reasons);
    if (orderId !== '') {
      const status = cellOf(cells, 'status');
      if ((status !== '' && reading.cancelledValues.has(normaliseStatus(status))) || cellOf(cells, 'cancelled_at') !== '') cancelledOrders.add(orderId);
      if (date !== null && !orderDates.has(orderId)) orderDates.set(orderId, date);
    }
    if (reasons.length > 0) errors.push({ row, reason: [...new Set(reasons)].join('、') });
    else rows.push({ row, orderId, date, sku, name, quantity, unitPriceSen });
  }

  const lines: OrderLine[] = [];
  const positions = new Map<string, number>();
  for (const read of rows) {
    await pause();
    const date = read.date ?? orderDates.get(read.orderId);
    if (date === undefined) {
      errors.push({ row: read.row, reason: orderFileMessages.dateMissing });
      continue;
    }
    const identity = read.sku !== '' ? `sku:${read.sku}` : `name:${read.name}`;
    const position = (positions.get(`${read.orderId}\u0000${identity}`) ?? 0) + 1;
    positions.set(`${read.orderId}\u0000${identity}`, position);
    const { row, orderId, sku, name, quantity, unitPriceSen } = read;
    lines.push({ row, orderId, date, sku, name, quantity, unitPriceSen, cancelled: cancelledOrders.has(orderId), lineKey: `${identity}#${position}` });
  }
  errors.sort((a, b) => a.row - b.row);
  return { lines, errors };
}

/** The header row and the first rows of a file as read (comma or tab, UTF-8 or Shift_JIS), for the column mapping. */
export async function readOrderFileSample(bytes: Uint8Array): Promise<SalesImportSample> {
  const [header = [], ...records] = await readCsvRecords(bytes, { allowTab: true, maxRecords: SAMPLE_ROWS + 1 });
  return {
    headers: header.map((cell) => cell.trim()),
    rows: records.filter((cells) => cells.some((cell) => cell.trim() !== '')).map((cells) => header.map((_, index) => (cells[index] ?? '').trim())),
  };
}
