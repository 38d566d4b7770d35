import { type manufactureBody, manufactureOverCapacityMessage, type ManufactureResponse } from '@inventory/contracts/manufacturing';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, HttpError, isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso } from '../../lib/time.ts';
import { findProduct, lockProduct } from '../products/products-repository.ts';
import { maxManufacturable } from '../recipe-totals/recipe-totals.ts';
import { changeStock, changeStocks, type StockActor } from '../stock/item-stock.ts';
import { getCapacity, loadStockedRecipe } from './capacity.ts';
import { lockActivePlansCovering, reducePlanRemaining } from './plans-repository.ts';
import { insertRecord } from './records-repository.ts';

// Manufacture: consume recipe × quantity from the parts and add quantity
// to the product, atomically, even under concurrent requests; then count the quantity towards
// the active plans of the product that cover the manufacturing date.

export const manufactureMessages = {
  noRecipe: 'この商品にはレシピが設定されていないため製造できません。先にレシピを設定してください',
  contended: '他の製造と同時に処理されたため製造できませんでした。もう一度お試しください',
} as const;

type ManufactureInput = z.output<typeof manufactureBody>;

/**
 * A part of the recipe we read changed under us: a concurrent call took its stock after our
 * check (409), or the recipe dropped the part and it was deleted (404, the part is gone). Both
 * are answered from the capacity and recipe as they are now, or retried.
 */
class PartsChangedMeanwhile extends Error {}

/** Tries this often when the capacity read again still allows the quantity. */
const MAX_ATTEMPTS = 3;

export async function manufactureProduct(db: Db, actor: StockActor, productId: number, input: ManufactureInput): Promise<ManufactureResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => manufactureOnce(trx, actor, productId, input));
    } catch (error) {
      // The product was deleted between our read and the record's insert.
      if (isForeignKeyViolation(error)) throw notFound(notFoundMessages.product);
      if (!(error instanceof PartsChangedMeanwhile)) throw error;
      // Rolled back: tell the capacity as it is now that the other call has taken its share.
      const { max_manufacturable } = await getCapacity(db, actor.workspaceId, productId);
      if (input.quantity > max_manufacturable) throw conflict(manufactureOverCapacityMessage(max_manufacturable));
      if (attempt === MAX_ATTEMPTS) throw conflict(manufactureMessages.contended);
    }
  }
}

async function manufactureOnce(trx: DbOrTx, actor: StockActor, productId: number, input: ManufactureInput): Promise<ManufactureResponse> {
  // The product's row first: the recipe read next is the one a concurrent save committed.
  if (!(await lockProduct(trx, actor.workspaceId, productId))) throw notFound(notFoundMessages.product);
  const recipe = await loadStockedRecipe(trx, actor.workspaceId, productId);
  if (!recipe) throw notFound(notFoundMessages.product);
  if (recipe.lines.length === 0) throw conflict(manufactureMessages.noRecipe);
  const max = maxManufacturable(recipe.lines);
  if (input.quantity > max) throw conflict(manufactureOverCapacityMessage(max));

  // The ledger rows point at the record, so it is written first.
  const record = await insertRecord(trx, {
    workspace_id: actor.workspaceId,
    product_id: productId,
    product_name: recipe.productName,
    quantity: input.quantity,
    manufacturing_date: input.manufacturing_date,
    notes: input.notes,
    created_by: actor.userId,
    created_at: nowIso(),
  });
  // Parts in id order (the lines come sorted), as every multi-part change takes its locks, so two
  // manufactures sharing parts cannot deadlock on PostgreSQL.
  try {
    await changeStocks(
      trx,
      actor,
      'part',
      recipe.lines.map((line) => ({
        itemId: line.part_id,
        delta: -input.quantity * line.quantity_required,
        kind: 'manufacture_consume' as const,
        referenceId: record.id,
        effectiveDate: input.manufacturing_date,
      })),
    );
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404)) throw new PartsChangedMeanwhile();
    throw error;
  }
  await changeStock(trx, actor, 'product', { itemId: productId, delta: input.quantity, kind: 'manufacture', referenceId: record.id, effectiveDate: input.manufacturing_date });
  await countTowardsPlans(trx, actor.workspaceId, productId, input.manufacturing_date, input.quantity);

  const product = await findProduct(trx, actor.workspaceId, productId);
  if (!product) throw notFound(notFoundMessages.product);
  return { record, product };
}

/** Earliest plan first: each takes what it still needs until the quantity is used up. */
async function countTowardsPlans(trx: DbOrTx, workspaceId: number, productId: number, date: string, quantity: number) {
  let left = quantity;
  for (const plan of await lockActivePlansCovering(trx, workspaceId, productId, date)) {
    if (left === 0) break;
    const taken = Math.min(left, plan.remaining_quantity);
    await reducePlanRemaining(trx, workspaceId, plan.id, taken);
    left -= taken;
  }
}
