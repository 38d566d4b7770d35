import type { Part } from '@inventory/contracts/parts';
import type { Product } from '@inventory/contracts/products';
import {
  BARCODE_PATTERN,
  type ItemKind,
  type LabelItem,
  labelPath,
  type labelsBody,
  parseLabelCode,
  SCAN_CODE_MAX,
  type ScannedItem,
  scanMessages,
} from '@inventory/contracts/scan';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { findBarcodeHolders } from '../barcodes/barcode-holders.ts';
import { findPart, listPartsByIds } from '../parts/parts-repository.ts';
import { findProduct, listProductsByIds } from '../products/products-repository.ts';
import { listStockEntries } from '../stock-entries/stock-entries-repository.ts';

// What a scanned code names, and what a label prints. A label's QR code holds
// APP_URL/s/{kind}/{id} (a phone's own camera app opens it as a web page); a barcode is the
// item's own `barcode`. Both resolve in the caller's workspace only: another workspace's item
// answers 404 like an unknown code.

async function partAnswer(db: DbOrTx, workspaceId: number, part: Part): Promise<ScannedItem> {
  const [last] = await listStockEntries(db, workspaceId, { limit: 1 }, part.id);
  return {
    kind: 'part',
    id: part.id,
    name: part.name,
    current_stock: part.current_stock,
    unit: part.unit,
    part_number: part.part_number,
    barcode: part.barcode,
    last_receipt: last ? { quantity: last.quantity, unit_price: last.unit_price, entry_date: last.entry_date } : null,
  };
}

const productAnswer = (product: Product): ScannedItem => ({
  kind: 'product',
  id: product.id,
  name: product.name,
  current_stock: product.current_stock,
  unit: null,
  part_number: product.part_number,
  barcode: product.barcode,
  last_receipt: null,
});

async function findItem(db: DbOrTx, workspaceId: number, kind: ItemKind, id: number): Promise<ScannedItem | undefined> {
  if (kind === 'part') {
    const part = await findPart(db, workspaceId, id);
    return part && partAnswer(db, workspaceId, part);
  }
  const product = await findProduct(db, workspaceId, id);
  return product && productAnswer(product);
}

/** GET /scan/{code}: a label URL or a barcode of the workspace; 400 for an empty or too long code, 404 for any other. */
export async function resolveScanCode(db: DbOrTx, workspaceId: number, rawCode: string): Promise<ScannedItem> {
  const code = rawCode.trim();
  if (code === '') throw badRequest(scanMessages.emptyCode);
  if (code.length > SCAN_CODE_MAX) throw badRequest(scanMessages.codeTooLong);
  const label = parseLabelCode(code);
  // A code that is neither a label nor in a barcode's characters names nothing (and a NUL byte
  // never reaches PostgreSQL, which refuses it in text).
  const holder = label ?? (BARCODE_PATTERN.test(code) ? (await findBarcodeHolders(db, workspaceId, [code])).get(code) : undefined);
  const item = holder && (await findItem(db, workspaceId, holder.kind, holder.id));
  if (!item) throw notFound(scanMessages.unknownCode);
  return item;
}

type LabelsInput = z.output<typeof labelsBody>;

/**
 * POST /labels: what each label prints, parts then products in the order asked; any id not in
 * the workspace answers 404 (nothing is printed for half a selection).
 */
export async function listLabelItems(db: DbOrTx, workspaceId: number, appUrl: string, input: LabelsInput): Promise<LabelItem[]> {
  const partIds = [...new Set(input.part_ids)];
  const productIds = [...new Set(input.product_ids)];
  const parts = new Map((await listPartsByIds(db, workspaceId, partIds)).map((part) => [part.id, part]));
  if (parts.size !== partIds.length) throw notFound(notFoundMessages.part);
  const products = new Map((await listProductsByIds(db, workspaceId, productIds)).map((product) => [product.id, product]));
  if (products.size !== productIds.length) throw notFound(notFoundMessages.product);
  const codeUrl = (kind: ItemKind, id: number) => `${appUrl}${labelPath(kind, id)}`;
  return [
    ...partIds.map((id) => {
      const part = parts.get(id)!;
      return { kind: 'part' as const, id, name: part.name, part_number: part.part_number, unit: part.unit, barcode: part.barcode, code_url: codeUrl('part', id) };
    }),
    ...productIds.map((id) => {
      const product = products.get(id)!;
      return { kind: 'product' as const, id, name: product.name, part_number: product.part_number, unit: null, barcode: product.barcode, code_url: codeUrl('product', id) };
    }),
  ];
}
