import type { RecipeLine, setRecipeBody } from '@inventory/contracts/products';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { storeRecipeTotals } from '../recipe-totals/stored-recipe-totals.ts';
import { getProduct } from './products-service.ts';
import { updateProductColumns } from './products-repository.ts';
import { listRecipeLines, replaceRecipeLines } from './recipe-lines-repository.ts';

// A product's recipe (レシピ, bill of materials): read with each line's part, replaced whole.

type SetRecipeInput = z.output<typeof setRecipeBody>;

/** The recipe lines with their parts; 404 when the product is not in the workspace. */
export async function getRecipe(db: DbOrTx, workspaceId: number, productId: number): Promise<RecipeLine[]> {
  await getProduct(db, workspaceId, productId);
  return listRecipeLines(db, workspaceId, productId);
}

/**
 * Replaces the recipe in one transaction. Every part must be a part of the workspace (inactive
 * ones too: the recipe editor offers them), else 404 and the old recipe stays. The product's row
 * is written first (its updated_at): that lock makes two saves of the same recipe take turns
 * instead of mixing their lines. The product's stored recipe totals follow the new recipe in the
 * same transaction.
 */
export async function setRecipe(db: Db, workspaceId: number, productId: number, input: SetRecipeInput): Promise<RecipeLine[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await updateProductColumns(trx, workspaceId, productId, {}))) throw notFound(notFoundMessages.product);
      if (!(await replaceRecipeLines(trx, workspaceId, productId, input.recipes))) throw notFound(notFoundMessages.part);
      await storeRecipeTotals(trx, workspaceId, [productId]);
      return listRecipeLines(trx, workspaceId, productId);
    });
  } catch (error) {
    // A part was deleted between the join that found it and the insert's foreign-key check.
    if (isForeignKeyViolation(error)) throw notFound(notFoundMessages.part);
    throw error;
  }
}
