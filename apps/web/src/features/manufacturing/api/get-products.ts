import { apiPaths } from '@inventory/contracts/api-paths';
import type { Product } from '@inventory/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PRODUCTS_FETCH_FAILED_MESSAGE = '商品一覧の取得に失敗しました';

// The same key as the products screen's list: both cache the same GET /products answer.
export const getProducts = () => apiRequest<Product[]>(apiPaths.products.list, { fallbackMessage: PRODUCTS_FETCH_FAILED_MESSAGE });

export const productsQueryOptions = () => queryOptions({ queryKey: queryKeys.products.list, queryFn: getProducts });

export function useProducts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
