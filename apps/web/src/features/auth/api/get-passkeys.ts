import type { Passkey } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPasskeys = () => apiRequest<Passkey[]>(apiPaths.auth.passkeys, { fallbackMessage: 'パスキーの取得に失敗しました' });

export function usePasskeys() {
  return useQuery({ queryKey: queryKeys.account.passkeys, queryFn: getPasskeys });
}
