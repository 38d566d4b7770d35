import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import type { Product } from '@inventory/contracts/products';

export interface ProductCard {
  product: Product;
  /** Manufacturable count; a product the capacities do not list counts 0. */
  capacity: number;
}

// One collator for all comparisons (building the locale data per comparison is slow).
const japaneseCollator = new Intl.Collator('ja');

/**
 * One card per product, by name. Sorted here too, with the
 * collator 商品管理 uses: the two databases order names differently.
 */
export function toProductCards(products: readonly Product[], capacities: readonly CapacitySummary[]): ProductCard[] {
  const capacityById = new Map(capacities.map((capacity) => [capacity.product_id, capacity.max_manufacturable]));
  return products
    .map((product) => ({ product, capacity: capacityById.get(product.id) ?? 0 }))
    .sort((a, b) => japaneseCollator.compare(a.product.name, b.product.name) || a.product.id - b.product.id);
}

/** Manufacture needs a manufacturable count above 0, a sale stock above 0. */
export const canManufacture = (card: ProductCard) => card.capacity > 0;
export const canSell = (card: ProductCard) => card.product.current_stock > 0;
