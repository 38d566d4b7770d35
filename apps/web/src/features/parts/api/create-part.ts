import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreatePartBody, PartListItem } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PART_SAVE_FAILED_MESSAGE = '部品の保存に失敗しました';

export const createPart = (body: CreatePartBody) =>
  apiRequest<PartListItem>(apiPaths.parts.list, { method: 'POST', body, fallbackMessage: PART_SAVE_FAILED_MESSAGE });

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: (part) => {
      putInList(queryClient, queryKeys.parts.list, part);
      return queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
    },
  });
}
