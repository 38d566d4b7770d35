import type { ProductCost, ProductCostSummary } from '@inventory/contracts/products';
import type { DbOrTx } from '../../db/database.ts';
import { optionalSenToYen, percentWithOneDecimal, senToYen, yenToSen } from '../../lib/money.ts';
import { lineCostSen } from '../recipe-totals/recipe-totals.ts';
import { getProduct } from './products-service.ts';
import { listProductCostRows, type ProductCostRow } from './products-repository.ts';
import { listRecipeLines } from './recipe-lines-repository.ts';

// Product cost (原価): the recipe's cost (recipe-totals/recipe-totals.ts: a part without a price
// counts 0), with the lines without a price counted in unpriced_parts so the screen can say the
// cost is incomplete. Computed in sen, answered in yen.

function summarise(row: ProductCostRow): ProductCostSummary {
  const profitSen = row.selling_price_sen === null ? null : row.selling_price_sen - row.cost_sen;
  return {
    product_id: row.product_id,
    product_name: row.product_name,
    selling_price: optionalSenToYen(row.selling_price_sen),
    total_cost: senToYen(row.cost_sen),
    profit_per_unit: optionalSenToYen(profitSen),
    margin: profitSen === null || !row.selling_price_sen ? null : percentWithOneDecimal(profitSen, row.selling_price_sen),
    unpriced_parts: row.unpriced_parts,
  };
}

/** GET /products/{id}/cost: the summary and one line per recipe line. */
export async function getProductCost(db: DbOrTx, workspaceId: number, productId: number): Promise<ProductCost> {
  const product = await getProduct(db, workspaceId, productId);
  const recipe = await listRecipeLines(db, workspaceId, productId);
  const lines = recipe.map((line) => ({
    part_id: line.part_id,
    part_name: line.part_name,
    unit: line.unit,
    unit_price: line.unit_price,
    quantity_required: line.quantity_required,
    costSen: lineCostSen(line.unit_price === null ? null : yenToSen(line.unit_price), line.quantity_required),
  }));
  const summary = summarise({
    product_id: product.id,
    product_name: product.name,
    selling_price_sen: product.selling_price === null ? null : yenToSen(product.selling_price),
    // Summed from the lines shown, so the total always equals the lines even if a price changed in between.
    cost_sen: lines.reduce((sum, line) => sum + line.costSen, 0),
    unpriced_parts: recipe.filter((line) => line.unit_price === null).length,
  });
  return { ...summary, lines: lines.map(({ costSen, ...line }) => ({ ...line, line_cost: senToYen(costSen) })) };
}

/** GET /products/cost/all: every product's summary from one grouped query. */
export async function listProductCosts(db: DbOrTx, workspaceId: number): Promise<ProductCostSummary[]> {
  return (await listProductCostRows(db, workspaceId)).map(summarise);
}
