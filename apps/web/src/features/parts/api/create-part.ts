import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreatePartBody, Part } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putPartInList } from './cache.ts';
import { partsKeys } from './query-keys.ts';

export const PART_SAVE_FAILED_MESSAGE = '部品の保存に失敗しました';

export const createPart = (body: CreatePartBody) =>
  apiRequest<Part>(apiPaths.parts.list, { method: 'POST', body, fallbackMessage: PART_SAVE_FAILED_MESSAGE });

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: (part) => {
      putPartInList(queryClient, part);
      return queryClient.invalidateQueries({ queryKey: partsKeys.all });
    },
  });
}
