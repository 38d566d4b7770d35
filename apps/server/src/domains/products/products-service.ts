import type { StockMovement } from '@inventory/contracts/parts';
import { workspaceLimitMessages } from '@inventory/contracts/limits';
import type { copyProductBody, createProductBody, Product, updateProductBody } from '@inventory/contracts/products';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { optionalYenToSen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';
import { ensureBarcodeFree } from '../barcodes/barcode-holders.ts';
import { storeRecipeTotals } from '../recipe-totals/stored-recipe-totals.ts';
import { listMovements, setStocks, type StockActor } from '../stock/item-stock.ts';
import { ensureRoomForOneMore, roomLeft } from '../workspaces/workspace-limits.ts';
import { countProducts, deleteProductRow, findProduct, insertProduct, lockProduct, type ProductColumns, updateProductColumns } from './products-repository.ts';
import { copyRecipeLines } from './recipe-lines-repository.ts';

// Rules of products (商品) that span tables: the opening stock and stock edits go through the
// stock ledger in the same transaction as the product; a copy takes the fields and the recipe,
// never the stock or its history.

export const productMessages = {
  notFound: notFoundMessages.product,
  deleted: '商品を削除しました',
} as const;

type CreateProductInput = z.output<typeof createProductBody>;
type UpdateProductInput = z.output<typeof updateProductBody>;
type CopyProductInput = z.output<typeof copyProductBody>;

export async function getProduct(db: DbOrTx, workspaceId: number, productId: number): Promise<Product> {
  const product = await findProduct(db, workspaceId, productId);
  if (!product) throw notFound(productMessages.notFound);
  return product;
}

/**
 * Creates the product at stock 0, then books its opening stock in the ledger ('initial'). A
 * workspace at its limit of products answers 409.
 */
export function createProduct(db: Db, actor: StockActor, input: CreateProductInput): Promise<Product> {
  const { current_stock: openingStock, selling_price: sellingPrice, ...fields } = input;
  return db.transaction().execute(async (trx) => {
    await ensureRoomForOneMore(trx, actor.workspaceId, 'products', countProducts);
    if (fields.barcode) await ensureBarcodeFree(trx, actor.workspaceId, fields.barcode, null);
    const now = nowIso();
    const id = await insertProduct(trx, {
      ...fields,
      workspace_id: actor.workspaceId,
      selling_price_sen: optionalYenToSen(sellingPrice),
      created_at: now,
      updated_at: now,
    });
    await setStocks(trx, actor, 'product', [{ itemId: id, stock: openingStock }], 'initial');
    await storeRecipeTotals(trx, actor.workspaceId, [id]);
    return getProduct(trx, actor.workspaceId, id);
  });
}

/** Updates any subset of the fields; a new current_stock is booked as an 'adjustment', with its reason and note if given. */
export function updateProduct(db: Db, actor: StockActor, productId: number, input: UpdateProductInput): Promise<Product> {
  const { current_stock: stock, selling_price: sellingPrice, reason, reason_note: reasonNote, ...fields } = input;
  const columns: ProductColumns = { ...fields };
  if (sellingPrice !== undefined) columns.selling_price_sen = optionalYenToSen(sellingPrice);
  return db.transaction().execute(async (trx) => {
    if (columns.barcode) await ensureBarcodeFree(trx, actor.workspaceId, columns.barcode, { kind: 'product', id: productId });
    if (Object.keys(columns).length > 0 && !(await updateProductColumns(trx, actor.workspaceId, productId, columns))) {
      throw notFound(productMessages.notFound);
    }
    // setStocks answers 404 itself when the product is not in the workspace.
    if (stock !== undefined) await setStocks(trx, actor, 'product', [{ itemId: productId, stock }], 'adjustment', reasonNote ?? null, { reason: reason ?? null });
    return getProduct(trx, actor.workspaceId, productId);
  });
}

/** Deletes the product; its sales and manufacturing records stay with the product's name. */
export async function deleteProduct(db: Db, workspaceId: number, productId: number): Promise<void> {
  if (!(await deleteProductRow(db, workspaceId, productId))) throw notFound(productMessages.notFound);
}

/**
 * A new product with the source's fields and recipe under the given name, at stock 0 with no
 * history. A workspace at its limit of products answers 409 (an unknown source still 404).
 */
export function copyProduct(db: Db, workspaceId: number, sourceId: number, input: CopyProductInput): Promise<Product> {
  return db.transaction().execute(async (trx) => {
    // The source is locked before it is read, so it is not deleted (nor its recipe replaced)
    // between reading its fields and copying its lines: the copy would come out without a
    // recipe. The workspace is locked before it, in the same order as every create.
    const room = await roomLeft(trx, workspaceId, 'products', countProducts);
    if (!(await lockProduct(trx, workspaceId, sourceId))) throw notFound(productMessages.notFound);
    if (room < 1) throw conflict(workspaceLimitMessages.products);
    const source = await getProduct(trx, workspaceId, sourceId);
    const now = nowIso();
    const id = await insertProduct(trx, {
      workspace_id: workspaceId,
      name: input.name,
      selling_price_sen: optionalYenToSen(source.selling_price),
      url: source.url,
      part_number: source.part_number,
      created_at: now,
      updated_at: now,
    });
    await copyRecipeLines(trx, workspaceId, sourceId, id);
    await storeRecipeTotals(trx, workspaceId, [id]);
    return getProduct(trx, workspaceId, id);
  });
}

/** The product's stock ledger (在庫履歴), newest first; a product of another workspace is a 404. */
export async function listProductMovements(db: DbOrTx, workspaceId: number, productId: number, limit: number): Promise<StockMovement[]> {
  await getProduct(db, workspaceId, productId);
  return listMovements(db, workspaceId, 'product', productId, limit);
}
