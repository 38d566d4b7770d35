import { apiPaths } from '@inventory/contracts/api-paths';
import type { Product } from '@inventory/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PRODUCTS_FETCH_FAILED_MESSAGE = '商品一覧の取得に失敗しました';

// The same key as the products screen's list: both cache the same GET /products answer as sent.
export const getProducts = () => apiRequest<Product[]>(apiPaths.products.list, { fallbackMessage: PRODUCTS_FETCH_FAILED_MESSAGE });

export const productsQueryOptions = () => queryOptions({ queryKey: queryKeys.products.list, queryFn: getProducts });

const byName = new Intl.Collator('ja');
const toChoices = (products: Product[]) =>
  products.map(({ id, name }) => ({ id, name })).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);

/** The products to filter by and to move a sale to, sorted by name (Japanese collation). */
export function useProductChoices() {
  return useQuery({ ...productsQueryOptions(), select: toChoices });
}
