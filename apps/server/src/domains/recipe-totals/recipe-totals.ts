import type { Capacity } from '@inventory/contracts/manufacturing';

// What a product's recipe gives with its parts as they are: how many of the product the parts in
// stock allow (the minimum over the recipe lines of ⌊stock / quantity required⌋, 0 without a
// recipe), the lines that reach that minimum (the limiting parts), and the cost (Σ part price ×
// quantity, a part without a price counting 0). Every screen, check and stored row takes these
// figures from here.

export interface StockedRecipeLine {
  part_id: number;
  current_stock: number;
  quantity_required: number;
}

/** How many products one recipe line's part allows. */
const lineAllows = (line: StockedRecipeLine) => Math.floor(line.current_stock / line.quantity_required);

/** min over the lines of ⌊stock / quantity_required⌋; 0 without lines. */
export function maxManufacturable(lines: StockedRecipeLine[]): number {
  return lines.length === 0 ? 0 : Math.min(...lines.map(lineAllows));
}

/** A recipe line's cost in sen: its part's price (none counts 0) × the quantity. */
export const lineCostSen = (unitPriceSen: number | string | null, quantityRequired: number) => Number(unitPriceSen ?? 0) * quantityRequired;

export interface PricedRecipeLine extends StockedRecipeLine {
  part_name: string;
  unit_price_sen: number | string | null;
}

export interface RecipeTotals {
  max_manufacturable: number;
  limiting_parts: Capacity['limiting_parts'];
  cost_sen: number;
  recipe_line_count: number;
}

/** The totals of one recipe; `lines` in part id order, which the limiting parts keep. */
export function recipeTotalsOf(lines: PricedRecipeLine[]): RecipeTotals {
  const max = maxManufacturable(lines);
  return {
    max_manufacturable: max,
    limiting_parts: lines
      .filter((line) => lineAllows(line) === max)
      .map((line) => ({ part_id: line.part_id, part_name: line.part_name, current_stock: line.current_stock, required_per_product: line.quantity_required })),
    cost_sen: lines.reduce((sum, line) => sum + lineCostSen(line.unit_price_sen, line.quantity_required), 0),
    recipe_line_count: lines.length,
  };
}
