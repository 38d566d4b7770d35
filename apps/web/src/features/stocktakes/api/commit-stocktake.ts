import { apiPaths } from '@inventory/contracts/api-paths';
import type { CommitStocktakeBody, Stocktake } from '@inventory/contracts/stocktakes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const COMMIT_STOCKTAKE_MESSAGES = {
  success: (name: string) => `棚卸し「${name}」を確定しました`,
  failure: '棚卸しを確定できませんでした',
} as const;

export const commitStocktake = ({ id, ...body }: { id: number } & CommitStocktakeBody) =>
  apiRequest<Stocktake>(apiPaths.stocktakes.commit(id), { method: 'POST', body, fallbackMessage: COMMIT_STOCKTAKE_MESSAGES.failure });

/** A commit changes the stock of parts and products: their lists, capacities and valuations reload. */
export function useCommitStocktake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitStocktake,
    onSuccess: (stocktake) => {
      queryClient.setQueryData(queryKeys.stocktakes.one(stocktake.id), stocktake);
      return Promise.all(
        [queryKeys.stocktakes.list, queryKeys.parts.all, queryKeys.products.all, queryKeys.manufacturing.all, queryKeys.valuation.all, queryKeys.dashboard.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
