import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreateStocktakeBody, Stocktake } from '@inventory/contracts/stocktakes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CREATE_STOCKTAKE_MESSAGES = {
  success: (name: string, count: number) => `棚卸し「${name}」を始めました（${count}件）`,
  failure: '棚卸しを始められませんでした',
} as const;

export const createStocktake = (body: CreateStocktakeBody) =>
  apiRequest<Stocktake>(apiPaths.stocktakes.list, { method: 'POST', body, fallbackMessage: CREATE_STOCKTAKE_MESSAGES.failure });

export function useCreateStocktake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStocktake,
    onSuccess: (stocktake) => {
      queryClient.setQueryData(queryKeys.stocktakes.one(stocktake.id), stocktake);
      return queryClient.invalidateQueries({ queryKey: queryKeys.stocktakes.list });
    },
  });
}
