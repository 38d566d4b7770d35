import { MONEY_MAX_YEN } from '@inventory/contracts/fields';
import { saleOverStockMessage } from '@inventory/contracts/manufacturing';
import type { Product, sellBody, SellResponse } from '@inventory/contracts/products';
import type { Sale } from '@inventory/contracts/sales';
import type { updateSaleBody } from '@inventory/contracts/sales';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict, HttpError, isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { yenToSen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';
import { findProduct } from '../products/products-repository.ts';
import { changeStock, changeStocksAllOrNone, insufficientStockMessage, lockStocks, type StockActor } from '../stock/item-stock.ts';
import { deleteSaleRow, findSaleRow, insertSales, lockSaleRow, type SaleRow, updateSaleRow } from './sales-repository.ts';

// Sales (販売) of products: the sale row and the stock it takes out (ledger kind 'sale', pointing
// at the sale) commit together or not at all. The sale keeps the unit price, the total, the
// product's cost at this moment × quantity, and the profit.

const MONEY_MAX_SEN = yenToSen(MONEY_MAX_YEN);
const yenLimit = `¥${MONEY_MAX_YEN.toLocaleString('ja-JP')}`;

export const saleMessages = {
  // Each figure of a sale stays within the app's money cap, so its bigint column cannot overflow.
  totalTooLarge: `販売金額の合計は${yenLimit}以下にしてください`,
  costTooLarge: `販売原価の合計が${yenLimit}を超えるため登録できません`,
  concurrentEdit: '他の変更と同時に処理されたため完了できませんでした。もう一度お試しください',
  deleted: '売上記録を削除しました',
} as const;

type SellInput = z.output<typeof sellBody>;

/** Refusal of a sale above the stock, with the stock as it is now (a concurrent sale may have taken it). */
async function overStock(trx: DbOrTx, workspaceId: number, productId: number) {
  const product = await findProduct(trx, workspaceId, productId);
  return product ? conflict(saleOverStockMessage(product.current_stock)) : notFound(notFoundMessages.product);
}

/** A sale to record: the product as read (its cost now), and what was sold. */
export interface NewSale {
  product: Pick<Product, 'id' | 'name' | 'cost'>;
  quantity: number;
  unitPriceSen: number;
  saleDate: string;
  url: string | null;
  notes: string | null;
  /** A sale from a shop's order file: the source's name and the order id. */
  importedFrom?: { source: string; orderId: string } | null;
}

/**
 * The amounts of a sale in sen: total = unit price × quantity, cost = the product's cost now ×
 * quantity, each within the app's money cap (400 for the total, 409 for the cost).
 */
export function saleAmountsSen(sale: Pick<NewSale, 'product' | 'quantity' | 'unitPriceSen'>) {
  const totalAmountSen = sale.unitPriceSen * sale.quantity;
  if (totalAmountSen > MONEY_MAX_SEN) throw badRequest(saleMessages.totalTooLarge);
  const totalCostSen = yenToSen(sale.product.cost) * sale.quantity;
  if (totalCostSen > MONEY_MAX_SEN) throw conflict(saleMessages.costTooLarge);
  return { totalAmountSen, totalCostSen };
}

/**
 * Records the sales in the caller's transaction: the sale rows, then the stock they take out of
 * their products (ledger kind 'sale', one row per sale pointing at it), all or nothing. The one
 * way a sale is made: 販売 of one product and a shop's order import alike. The caller has checked
 * the stock (a 409 from the stock module means it was too small after all).
 */
export async function recordSales(trx: DbOrTx, actor: StockActor, sales: NewSale[]): Promise<Sale[]> {
  const now = nowIso();
  const rows = sales.map((sale) => {
    const { totalAmountSen, totalCostSen } = saleAmountsSen(sale);
    return {
      workspace_id: actor.workspaceId,
      product_id: sale.product.id,
      product_name: sale.product.name,
      quantity: sale.quantity,
      unit_price_sen: sale.unitPriceSen,
      total_amount_sen: totalAmountSen,
      total_cost_sen: totalCostSen,
      profit_sen: totalAmountSen - totalCostSen,
      sale_date: sale.saleDate,
      url: sale.url,
      notes: sale.notes,
      import_source_name: sale.importedFrom?.source ?? null,
      import_order_id: sale.importedFrom?.orderId ?? null,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    };
  });
  const recorded = await insertSales(trx, rows);
  const [refused] = await changeStocksAllOrNone(
    trx,
    actor,
    'product',
    recorded.map((sale) => ({ itemId: sale.product_id!, delta: -sale.quantity, kind: 'sale' as const, referenceId: sale.id, effectiveDate: sale.sale_date })),
  );
  if (refused) throw conflict(insufficientStockMessage('product', refused.name, refused.stock, -refused.delta));
  return recorded;
}

/**
 * Sells quantity of the product: 409 when its stock is smaller (the stock is taken by a
 * conditional update, so simultaneous sales never sell more than there is).
 */
export async function sellProduct(db: Db, actor: StockActor, productId: number, input: SellInput): Promise<SellResponse> {
  const unitPriceSen = yenToSen(input.unit_price);
  if (unitPriceSen * input.quantity > MONEY_MAX_SEN) throw badRequest(saleMessages.totalTooLarge);
  try {
    return await db.transaction().execute(async (trx) => {
      const product = await findProduct(trx, actor.workspaceId, productId);
      if (!product) throw notFound(notFoundMessages.product);
      if (product.current_stock < input.quantity) throw conflict(saleOverStockMessage(product.current_stock));
      let sale: Sale;
      try {
        [sale] = (await recordSales(trx, actor, [
          { product, quantity: input.quantity, unitPriceSen, saleDate: input.sale_date, url: input.url, notes: input.notes },
        ])) as [Sale];
      } catch (error) {
        // Taking stock out fails only when another sale or edit took it since our read.
        if (error instanceof HttpError && error.statusCode === 409 && error.message !== saleMessages.costTooLarge) {
          throw await overStock(trx, actor.workspaceId, productId);
        }
        throw error;
      }
      const sold = await findProduct(trx, actor.workspaceId, productId);
      if (!sold) throw notFound(notFoundMessages.product);
      return { sale, product: sold };
    });
  } catch (error) {
    // The product was deleted between our read and the insert.
    if (isForeignKeyViolation(error)) throw notFound(notFoundMessages.product);
    throw error;
  }
}

type UpdateSaleInput = z.output<typeof updateSaleBody>;

const LOCK_ATTEMPTS = 5;
/** Answered by a transaction that found the sale moved to another product after reading it. */
const RETRY = Symbol('retry');

/**
 * Runs `work` in one transaction holding the locks of the sale's product, of `otherProductId`
 * (in id order, as every stock change takes them) and then of the sale. A product delete locks
 * in the same order (the product, then its sales' links), so an edit and a delete of the product
 * cannot deadlock on PostgreSQL. The product is that of the sale as read before the locks; if a
 * simultaneous edit moved the sale to another product meanwhile, the locks are the wrong ones
 * and it starts again. `stocks` holds the locked products' stock (a deleted product is absent).
 */
async function withLockedSale<T>(
  db: Db,
  workspaceId: number,
  saleId: number,
  otherProductId: number | null,
  work: (trx: DbOrTx, sale: SaleRow, stocks: Map<number, number>) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      const seen = await findSaleRow(trx, workspaceId, saleId);
      if (!seen) throw notFound(notFoundMessages.sale);
      const productIds = [seen.product_id, otherProductId].filter((id) => id !== null);
      const stocks = await lockStocks(trx, workspaceId, 'product', productIds);
      const sale = await lockSaleRow(trx, workspaceId, saleId);
      if (!sale) throw notFound(notFoundMessages.sale);
      if (sale.product_id !== seen.product_id) return RETRY;
      return work(trx, sale, stocks);
    });
    if (result !== RETRY) return result;
  }
  throw conflict(saleMessages.concurrentEdit);
}

/**
 * 売上記録の編集: a new quantity of the same product moves the difference of stock; another
 * product gets the old quantity back (when it still exists) and the new product gives the new
 * quantity, all as 'sale_edit' ledger rows pointing at the sale. Refused (409) when the product
 * has too little stock, with what this sale could take (its stock plus what the sale already
 * holds of the same product). The cost is the product's cost now × quantity when the product or
 * the quantity changes, else the recorded one; the recorded name changes only with the product.
 */
export async function updateSale(db: Db, actor: StockActor, saleId: number, input: UpdateSaleInput): Promise<Sale> {
  const unitPriceSen = yenToSen(input.unit_price);
  const totalAmountSen = unitPriceSen * input.quantity;
  if (totalAmountSen > MONEY_MAX_SEN) throw badRequest(saleMessages.totalTooLarge);
  return withLockedSale(db, actor.workspaceId, saleId, input.product_id, async (trx, sale, stocks) => {
    const stock = stocks.get(input.product_id);
    if (stock === undefined) throw notFound(notFoundMessages.product);
    const sameProduct = sale.product_id === input.product_id;
    let productName = sale.product_name;
    let totalCostSen = Number(sale.total_cost_sen);
    if (!sameProduct || sale.quantity !== input.quantity) {
      const available = sameProduct ? stock + sale.quantity : stock;
      if (available < input.quantity) throw conflict(saleOverStockMessage(available));
      const product = await findProduct(trx, actor.workspaceId, input.product_id);
      if (!product) throw notFound(notFoundMessages.product);
      totalCostSen = yenToSen(product.cost) * input.quantity;
      if (totalCostSen > MONEY_MAX_SEN) throw conflict(saleMessages.costTooLarge);
      productName = product.name;
      const move = (itemId: number, delta: number) => changeStock(trx, actor, 'product', { itemId, delta, kind: 'sale_edit', referenceId: sale.id, effectiveDate: input.sale_date });
      if (sameProduct) {
        await move(input.product_id, sale.quantity - input.quantity);
      } else {
        if (sale.product_id !== null) await move(sale.product_id, sale.quantity);
        await move(input.product_id, -input.quantity);
      }
    }
    return updateSaleRow(trx, actor.workspaceId, sale.id, {
      product_id: input.product_id,
      product_name: productName,
      quantity: input.quantity,
      unit_price_sen: unitPriceSen,
      total_amount_sen: totalAmountSen,
      total_cost_sen: totalCostSen,
      profit_sen: totalAmountSen - totalCostSen,
      sale_date: input.sale_date,
      url: input.url,
      notes: input.notes,
      updated_at: nowIso(),
    });
  });
}

/**
 * Deletes a sale whose product and row the caller holds locked (in that order) and gives its
 * quantity back to its product ('sale_cancel'), if the product still exists. The one way a sale
 * is deleted: DELETE /sales/{id} and an imported order cancelled later alike.
 */
export async function removeLockedSale(trx: DbOrTx, actor: StockActor, sale: SaleRow): Promise<void> {
  // A sale keeps its product_id only while the product exists (deleting it sets null).
  if (sale.product_id !== null) {
    await changeStock(trx, actor, 'product', { itemId: sale.product_id, delta: sale.quantity, kind: 'sale_cancel', referenceId: sale.id, effectiveDate: sale.sale_date });
  }
  await deleteSaleRow(trx, actor.workspaceId, sale.id);
}

/** Deletes the sale and gives its quantity back to its product ('sale_cancel'), if the product still exists. */
export function deleteSale(db: Db, actor: StockActor, saleId: number): Promise<void> {
  return withLockedSale(db, actor.workspaceId, saleId, null, (trx, sale) => removeLockedSale(trx, actor, sale));
}
