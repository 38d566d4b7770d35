import type { SignedInDevice } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSignedInDevices = () =>
  apiRequest<SignedInDevice[]>(apiPaths.auth.sessions, { fallbackMessage: 'ログイン中の端末の取得に失敗しました' });

export function useSignedInDevices() {
  return useQuery({ queryKey: queryKeys.account.devices, queryFn: getSignedInDevices });
}
