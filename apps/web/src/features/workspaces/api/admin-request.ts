import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** The server's word for a member on an admin call; the client says the same without asking. */
export const ADMIN_REQUIRED_MESSAGE = '管理者権限が必要です';

export function useIsWorkspaceAdmin() {
  return useAuthStore((state) => state.user?.role === 'admin');
}

/**
 * The calls of ワークスペース設定 (settings, invitation code, member list and update). In the
 * client they do nothing for a non-admin, so they are refused here without
 * a request. It matters after a workspace switch: a screen still mounted that reloaded them as a
 * member would get 403, and a 403 ends the session.
 */
export function adminRequest<T>(path: string, options: RequestOptions): Promise<T> {
  if (useAuthStore.getState().user?.role !== 'admin') return Promise.reject(new ApiError(403, ADMIN_REQUIRED_MESSAGE));
  return apiRequest<T>(path, options);
}
