import type { AccountSecurity } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getAccountSecurity = () =>
  apiRequest<AccountSecurity>(apiPaths.auth.account, { fallbackMessage: 'アカウント情報の取得に失敗しました' });

export function useAccountSecurity() {
  return useQuery({ queryKey: queryKeys.account.security, queryFn: getAccountSecurity });
}
