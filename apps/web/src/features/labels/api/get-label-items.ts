import { apiPaths } from '@inventory/contracts/api-paths';
import type { LabelItem } from '@inventory/contracts/scan';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getLabelItems = (partIds: readonly number[], productIds: readonly number[]) =>
  apiRequest<LabelItem[]>(apiPaths.labels, {
    method: 'POST',
    body: { part_ids: partIds, product_ids: productIds },
    fallbackMessage: 'ラベルの内容を読み込めませんでした',
  });

export function useLabelItems(partIds: readonly number[], productIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.labels.items(partIds, productIds),
    queryFn: () => getLabelItems(partIds, productIds),
    enabled,
  });
}
