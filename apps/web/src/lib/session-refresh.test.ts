import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/api-mock.tsx';
import { makeAuthUser } from '../testing/make-user.ts';
import { apiRequest } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';
import { notify } from './notify.ts';
import { queryKeys } from './query-keys.ts';
import { watchSessionChanges } from './session-refresh.ts';
import { SESSION_EXPIRED_KEY, setSessionExpiryNavigator } from './session-expiry.ts';
import { TOKEN_KEY } from './token-storage.ts';

const shop = { id: 7, workspace_name: '佐藤商店' };
const admin = makeAuthUser({ role: 'admin', current_workspace: shop });

describe('watchSessionChanges', () => {
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stop = watchSessionChanges(queryClient);
    localStorage.setItem(TOKEN_KEY, 'shop-token');
    useAuthStore.setState({ status: 'authenticated', user: admin, token: 'shop-token' });
    setSessionExpiryNavigator(vi.fn());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'info').mockImplementation(() => {});
    vi.spyOn(notify, 'warning').mockImplementation(() => {});
  });
  afterEach(() => {
    stop();
    queryClient.clear();
    vi.restoreAllMocks();
  });

  const meCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((call) => call.path === '/auth/me');

  it('asks for the user again when the window regains focus, and the new role shows', async () => {
    const calls = mockApi({ 'GET /auth/me': () => ({ body: { user: { ...admin, role: 'member' } } }) });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(useAuthStore.getState().user?.role).toBe('member'));
    expect(meCalls(calls)).toHaveLength(1);
    expect(notify.info).toHaveBeenCalledWith('「佐藤商店」での役割がメンバーに変更されました');
  });

  it('asks nobody when signed out', async () => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    const calls = mockApi({});
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('after 403s keeps the session and asks once, however many calls were refused at the same time', async () => {
    let answerMe: (() => void) | undefined;
    const calls = mockApi({
      'POST /workspace/invite-code': () => ({ status: 403, body: { error: '管理者権限が必要です' } }),
      'GET /auth/me': () =>
        new Promise((resolve) => {
          answerMe = () => resolve({ body: { user: { ...admin, role: 'member' } } });
        }),
    });
    const refused = await Promise.allSettled(
      [1, 2, 3].map(() => apiRequest('/workspace/invite-code', { method: 'POST', fallbackMessage: '招待コードの生成に失敗しました' })),
    );
    expect(refused.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await vi.waitFor(() => expect(answerMe).toBeDefined());
    answerMe!();

    await vi.waitFor(() => expect(useAuthStore.getState().user?.role).toBe('member'));
    expect(meCalls(calls)).toHaveLength(1);
    expect(useAuthStore.getState().status).toBe('authenticated');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('shop-token');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
  });

  it('reloads the workspace list (memberships) with every check', async () => {
    mockApi({ 'GET /auth/me': () => ({ body: { user: admin } }) });
    queryClient.setQueryData(queryKeys.workspaces.list, [{ ...shop, role: 'admin' }]);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKeys.workspaces.list)?.isInvalidated).toBe(true));
  });

  it("drops what was cached of the workspace a removed member was moved out of", async () => {
    const personal = { id: 1, workspace_name: '山田のワークスペース' };
    mockApi({
      'GET /parts': () => ({ status: 403, body: { error: 'このワークスペースへのアクセス権がありません' } }),
      'GET /auth/me': () =>
        localStorage.getItem(TOKEN_KEY) === 'shop-token'
          ? { status: 403, body: { error: 'このワークスペースへのアクセス権がありません' } }
          : { body: { user: makeAuthUser({ role: 'admin', current_workspace: personal }) } },
      'GET /workspace/list': () => ({ body: [{ ...personal, role: 'admin' }] }),
      'POST /workspace/switch/1': () => ({ body: { token: 'personal-token' } }),
    });
    queryClient.setQueryData(queryKeys.parts.list, [{ id: 1, name: '佐藤商店の部品' }]);

    await apiRequest('/parts', { fallbackMessage: 'x' }).catch(() => {});
    await vi.waitFor(() => expect(useAuthStore.getState().user?.current_workspace).toEqual(personal));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.parts.list)).toBeUndefined());
    expect(notify.warning).toHaveBeenCalledWith('「佐藤商店」のメンバーから削除されたため、「山田のワークスペース」に切り替えました');
  });
});
