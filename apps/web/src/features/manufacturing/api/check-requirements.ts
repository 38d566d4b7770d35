import { apiPaths } from '@inventory/contracts/api-paths';
import type { RequirementsBody, RequirementsResult } from '@inventory/contracts/manufacturing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Shown when the server gives no error text. */
export const CHECK_REQUIREMENTS_FAILED_MESSAGE = '計算に失敗しました';

// A POST that computes and stores nothing: a mutation, so it runs only when the button is pressed.
export const checkRequirements = (body: RequirementsBody) =>
  apiRequest<RequirementsResult>(apiPaths.manufacturing.requirements, {
    method: 'POST',
    body,
    fallbackMessage: CHECK_REQUIREMENTS_FAILED_MESSAGE,
  });

export function useCheckRequirements() {
  return useMutation({ mutationFn: checkRequirements });
}
