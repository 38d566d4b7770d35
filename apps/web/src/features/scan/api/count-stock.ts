import { apiPaths } from '@inventory/contracts/api-paths';
import type { ScannedItem } from '@inventory/contracts/scan';
import type { StockReason } from '@inventory/contracts/stock-reasons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// 在庫を数える from the action sheet: the count goes into the workspace's open 棚卸し when one is
// counting, else it is an ordinary stock edit of the part or product with a reason.

interface OpenStocktake {
  id: number;
  name: string;
}

/** The stocktake being counted now (the newest such), or null. */
export async function findOpenStocktake(): Promise<OpenStocktake | null> {
  const stocktakes = await apiRequest<Array<OpenStocktake & { status: string }>>(apiPaths.stocktakes.list, { fallbackMessage: '棚卸しを確認できませんでした' });
  return stocktakes.find((stocktake) => stocktake.status === 'counting') ?? null;
}

export type CountResult = { into: 'stocktake'; stocktakeName: string } | { into: 'stock-edit' };

export async function countStock({ item, counted, reason, reasonNote }: { item: ScannedItem; counted: number; reason: StockReason; reasonNote: string }): Promise<CountResult> {
  const stocktake = await findOpenStocktake();
  if (stocktake) {
    const line = item.kind === 'part' ? { part_id: item.id, counted } : { product_id: item.id, counted };
    await apiRequest(apiPaths.stocktakes.counts(stocktake.id), { method: 'PUT', body: { counts: [line] }, fallbackMessage: '数えた数を記録できませんでした' });
    return { into: 'stocktake', stocktakeName: stocktake.name };
  }
  const path = item.kind === 'part' ? apiPaths.parts.one(item.id) : apiPaths.products.one(item.id);
  await apiRequest(path, { method: 'PUT', body: { current_stock: counted, reason, reason_note: reasonNote.trim() === '' ? null : reasonNote.trim() }, fallbackMessage: '在庫数を保存できませんでした' });
  return { into: 'stock-edit' };
}

export function useCountStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: countStock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
