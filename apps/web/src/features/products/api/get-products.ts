import { apiPaths } from '@inventory/contracts/api-paths';
import type { Product } from '@inventory/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text. */
export const PRODUCTS_FETCH_FAILED_MESSAGE = '商品一覧の取得に失敗しました';

export const getProducts = () => apiRequest<Product[]>(apiPaths.products.list, { fallbackMessage: PRODUCTS_FETCH_FAILED_MESSAGE });

export const productsQueryOptions = () => queryOptions({ queryKey: queryKeys.products.list, queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/** Pull-to-refresh texts: the failure is the common refresh text, the success mirrors the parts screen's. */
export const PRODUCTS_REFRESH_MESSAGES = { success: '商品リストを更新しました', failure: '更新に失敗しました' } as const;
