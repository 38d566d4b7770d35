import { MONEY_MAX_YEN } from '@inventory/contracts/fields';
import { saleOverStockMessage } from '@inventory/contracts/manufacturing';
import type { sellBody, SellResponse } from '@inventory/contracts/products';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { badRequest, conflict, HttpError, isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { yenToSen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';
import { findProduct } from '../products/products-repository.ts';
import { changeStock, type StockActor } from '../stock/item-stock.ts';
import { insertSale } from './sales-repository.ts';

// Sales (販売) of products: the sale row and the stock it takes out (ledger kind 'sale', pointing
// at the sale) commit together or not at all. The sale keeps the unit price, the total, the
// product's cost at this moment × quantity, and the profit.

const MONEY_MAX_SEN = yenToSen(MONEY_MAX_YEN);
const yenLimit = `¥${MONEY_MAX_YEN.toLocaleString('ja-JP')}`;

export const saleMessages = {
  // Each figure of a sale stays within the app's money cap, so its bigint column cannot overflow.
  totalTooLarge: `販売金額の合計は${yenLimit}以下にしてください`,
  costTooLarge: `販売原価の合計が${yenLimit}を超えるため登録できません`,
} as const;

type SellInput = z.output<typeof sellBody>;

/** Refusal of a sale above the stock, with the stock as it is now (a concurrent sale may have taken it). */
async function overStock(trx: DbOrTx, workspaceId: number, productId: number) {
  const product = await findProduct(trx, workspaceId, productId);
  return product ? conflict(saleOverStockMessage(product.current_stock)) : notFound(notFoundMessages.product);
}

/**
 * Sells quantity of the product: 409 when its stock is smaller (the stock is taken by a
 * conditional update, so simultaneous sales never sell more than there is).
 */
export async function sellProduct(db: Db, actor: StockActor, productId: number, input: SellInput): Promise<SellResponse> {
  const unitPriceSen = yenToSen(input.unit_price);
  const totalAmountSen = unitPriceSen * input.quantity;
  if (totalAmountSen > MONEY_MAX_SEN) throw badRequest(saleMessages.totalTooLarge);
  try {
    return await db.transaction().execute(async (trx) => {
      const product = await findProduct(trx, actor.workspaceId, productId);
      if (!product) throw notFound(notFoundMessages.product);
      if (product.current_stock < input.quantity) throw conflict(saleOverStockMessage(product.current_stock));
      const totalCostSen = yenToSen(product.cost) * input.quantity;
      if (totalCostSen > MONEY_MAX_SEN) throw conflict(saleMessages.costTooLarge);
      const now = nowIso();
      const sale = await insertSale(trx, {
        workspace_id: actor.workspaceId,
        product_id: productId,
        product_name: product.name,
        quantity: input.quantity,
        unit_price_sen: unitPriceSen,
        total_amount_sen: totalAmountSen,
        total_cost_sen: totalCostSen,
        profit_sen: totalAmountSen - totalCostSen,
        sale_date: input.sale_date,
        url: input.url,
        notes: input.notes,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      });
      try {
        await changeStock(trx, actor, 'product', { itemId: productId, delta: -input.quantity, kind: 'sale', referenceId: sale.id });
      } catch (error) {
        // Taking stock out fails only when another sale or edit took it since our read.
        if (error instanceof HttpError && error.statusCode === 409) throw await overStock(trx, actor.workspaceId, productId);
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
