import { apiPaths } from '@inventory/contracts/api-paths';
import type { PartListItem, UpdatePartBody } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PART_SAVE_FAILED_MESSAGE } from './create-part.ts';

/** A failed single-field update names the field. */
export const fieldUpdateFailedMessage = (field: string) => `部品の${field}の更新に失敗しました`;

export interface UpdatePartInput {
  id: number;
  /** The whole edit form, or one changed field (inline cells). */
  body: UpdatePartBody;
  fallbackMessage?: string;
}

export const updatePart = ({ id, body, fallbackMessage = PART_SAVE_FAILED_MESSAGE }: UpdatePartInput) =>
  apiRequest<PartListItem>(apiPaths.parts.one(id), { method: 'PUT', body, fallbackMessage });

export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: (part) => {
      putInList(queryClient, queryKeys.parts.list, part);
      // Stock, name and unit show in the manufacturable counts and the plans' requirements.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]);
    },
  });
}
