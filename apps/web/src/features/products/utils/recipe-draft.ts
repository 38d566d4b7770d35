import { RECIPE_EMPTY_MESSAGE, type SetRecipeBody, setRecipeBody } from '@inventory/contracts/products';

/** One row of the recipe editor as typed: the quantity is the input's text. */
export interface RecipeDraftLine {
  key: number;
  partId: number | null;
  quantity: string;
}

let nextKey = 1;

export const newDraftLine = (partId: number | null = null, quantity = '1'): RecipeDraftLine => ({ key: nextKey++, partId, quantity });

/** A line counts when a part is chosen and its quantity is above 0. */
export const isValidDraftLine = (line: RecipeDraftLine) => line.partId !== null && line.quantity.trim() !== '' && Number(line.quantity) > 0;

export type RecipeCheck = { ok: true; body: SetRecipeBody } | { ok: false; message: string };

/**
 * Only the valid lines are saved; without any, the recipe's message. The saved lines go
 * through the contract's schema too (whole numbers, one line per part), so the browser refuses
 * what the server would.
 */
export function checkRecipeDraft(lines: readonly RecipeDraftLine[]): RecipeCheck {
  const recipes = lines.filter(isValidDraftLine).map((line) => ({ part_id: line.partId as number, quantity_required: Number(line.quantity) }));
  if (recipes.length === 0) return { ok: false, message: RECIPE_EMPTY_MESSAGE };
  const parsed = setRecipeBody.safeParse({ recipes });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? RECIPE_EMPTY_MESSAGE };
  return { ok: true, body: { recipes } };
}
