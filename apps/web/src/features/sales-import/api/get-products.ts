import { apiPaths } from '@inventory/contracts/api-paths';
import type { Product } from '@inventory/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PRODUCTS_FETCH_FAILED_MESSAGE = '商品一覧の取得に失敗しました';

// The same key as the products screen's list: both cache the same GET /products answer.
const getProducts = () => apiRequest<Product[]>(apiPaths.products.list, { fallbackMessage: PRODUCTS_FETCH_FAILED_MESSAGE });

const byName = new Intl.Collator('ja');
const toChoices = (products: Product[]) =>
  products.map(({ id, name, part_number }) => ({ id, name, part_number })).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);

/** The products an unmatched shop line can be given, sorted by name (Japanese collation). */
export function useProductChoices() {
  return useQuery({ queryKey: queryKeys.products.list, queryFn: getProducts, select: toChoices });
}
