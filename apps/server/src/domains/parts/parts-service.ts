import type { createPartBody, Part, updatePartBody } from '@inventory/contracts/parts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { PartUpdate } from '../../db/database.ts';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { ensureBarcodeFree } from '../barcodes/barcode-holders.ts';
import { refreshRecipeTotalsUsingParts } from '../recipe-totals/stored-recipe-totals.ts';
import { PART_NOT_FOUND, setPartStocks, type StockActor } from '../stock/part-stock.ts';
import { optionalYenToSen } from '../../lib/money.ts';
import { ensureRoomForOneMore } from '../workspaces/workspace-limits.ts';
import { countParts, deletePartRow, findPart, findProductNamesUsingPart, insertPart, updatePartColumns } from './parts-repository.ts';

export const partMessages = {
  duplicateName: '同じ名前の部品が既に存在します',
  deleted: '部品を削除しました',
  usedByRecipes: (productNames: string[]) =>
    productNames.length > 0
      ? `この部品は商品${productNames.map((name) => `「${name}」`).join('')}のレシピで使用されているため削除できません`
      : 'この部品は商品のレシピで使用されているため削除できません',
} as const;

type CreatePartInput = z.output<typeof createPartBody>;
type UpdatePartInput = z.output<typeof updatePartBody>;

export async function getPart(db: DbOrTx, workspaceId: number, partId: number): Promise<Part> {
  const part = await findPart(db, workspaceId, partId);
  if (!part) throw notFound(PART_NOT_FOUND);
  return part;
}

async function translateDuplicateName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(partMessages.duplicateName);
    throw error;
  }
}

/**
 * Creates the part at stock 0, then books its opening stock in the ledger ('initial'). A
 * workspace at its limit of parts answers 409.
 */
export function createPart(db: Db, actor: StockActor, input: CreatePartInput): Promise<Part> {
  const { current_stock: openingStock, unit_price: unitPrice, ...fields } = input;
  return translateDuplicateName(() =>
    db.transaction().execute(async (trx) => {
      await ensureRoomForOneMore(trx, actor.workspaceId, 'parts', countParts);
      if (fields.barcode) await ensureBarcodeFree(trx, actor.workspaceId, fields.barcode, null);
      const now = nowIso();
      const id = await insertPart(trx, {
        ...fields,
        workspace_id: actor.workspaceId,
        unit_price_sen: optionalYenToSen(unitPrice),
        current_stock: 0,
        created_at: now,
        updated_at: now,
      });
      await setPartStocks(trx, actor, [{ partId: id, stock: openingStock }], 'initial');
      return getPart(trx, actor.workspaceId, id);
    }),
  );
}

/**
 * Updates any subset of the fields. A new current_stock is an inline stock edit: it goes through
 * the ledger as an 'adjustment' in the same transaction, with its reason and note if given.
 */
export function updatePart(db: Db, actor: StockActor, partId: number, input: UpdatePartInput): Promise<Part> {
  const { current_stock: stock, unit_price: unitPrice, reason, reason_note: reasonNote, ...fields } = input;
  const columns: PartUpdate = { ...fields };
  if (unitPrice !== undefined) columns.unit_price_sen = optionalYenToSen(unitPrice);
  return translateDuplicateName(() =>
    db.transaction().execute(async (trx) => {
      if (columns.barcode) await ensureBarcodeFree(trx, actor.workspaceId, columns.barcode, { kind: 'part', id: partId });
      if (Object.keys(columns).length > 0 && !(await updatePartColumns(trx, actor.workspaceId, partId, columns))) {
        throw notFound(PART_NOT_FOUND);
      }
      // The stored recipe totals name their limiting parts and sum the parts' prices: the stock
      // module refreshes them after a stock edit (the new name or price included), this call
      // after a rename or a new price alone.
      if (stock !== undefined) await setPartStocks(trx, actor, [{ partId, stock }], 'adjustment', reasonNote ?? null, { reason: reason ?? null });
      else if (columns.name !== undefined || columns.unit_price_sen !== undefined) await refreshRecipeTotalsUsingParts(trx, actor.workspaceId, [partId]);
      return getPart(trx, actor.workspaceId, partId);
    }),
  );
}

/**
 * Deletes the part with its receipts, orders, tag links and ledger rows (foreign keys cascade).
 * Refused while a product's recipe uses it; a recipe line written concurrently makes the
 * delete fail on its foreign key, which answers the same refusal.
 */
export async function deletePart(db: Db, workspaceId: number, partId: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const productNames = await findProductNamesUsingPart(trx, workspaceId, partId);
      if (productNames.length > 0) throw conflict(partMessages.usedByRecipes(productNames));
      // The part's row is locked first, then its orders (cascade): the same order as a delivery
      // (order-service.ts), so a delete and a delivery at the same moment cannot deadlock.
      if (!(await deletePartRow(trx, workspaceId, partId))) throw notFound(PART_NOT_FOUND);
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw conflict(partMessages.usedByRecipes(await findProductNamesUsingPart(db, workspaceId, partId)));
  }
}
