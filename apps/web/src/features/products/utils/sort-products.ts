import type { Product } from '@inventory/contracts/products';

// One collator for all comparisons (building the locale data per comparison is slow).
const japaneseCollator = new Intl.Collator('ja');

/** The list's order: by name, ties by id so the order is stable across reloads. */
export function sortProductsByName<P extends Pick<Product, 'id' | 'name'>>(products: readonly P[]): P[] {
  return [...products].sort((a, b) => japaneseCollator.compare(a.name, b.name) || a.id - b.id);
}
