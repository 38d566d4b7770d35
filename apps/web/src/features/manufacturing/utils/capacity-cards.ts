import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import type { Product } from '@inventory/contracts/products';

export interface CapacityCard {
  product: Product;
  /** null while the counts are loading; 0 when they failed to load. */
  maxManufacturable: number | null;
}

const nameCollator = new Intl.Collator('ja');

/** One card per product, sorted by name, with its count from the one capacity call. */
export function capacityCards(products: readonly Product[], capacities: readonly CapacitySummary[] | null): CapacityCard[] {
  const byProduct = new Map(capacities?.map((capacity) => [capacity.product_id, capacity.max_manufacturable]));
  return [...products]
    .sort((a, b) => nameCollator.compare(a.name, b.name) || a.id - b.id)
    .map((product) => ({ product, maxManufacturable: capacities ? (byProduct.get(product.id) ?? 0) : null }));
}
