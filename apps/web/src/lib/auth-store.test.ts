import type { AuthUser } from '@inventory/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/api-mock.tsx';
import { ensureAuthenticated, useAuthStore } from './auth-store.ts';
import { notify } from './notify.ts';
import { SESSION_EXPIRED_KEY, SESSION_EXPIRED_MESSAGE, setSessionExpiryNavigator } from './session-expiry.ts';
import { TOKEN_KEY } from './token-storage.ts';

const user: AuthUser = {
  id: 1,
  name: '山田',
  email: 'y@example.test',
  email_verified: false,
  role: 'admin',
  is_active: true,
  is_super_admin: false,
  last_login: null,
  current_workspace: { id: 1, workspace_name: '山田のワークスペース' },
};

describe('auth store and the route guard', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is signed out without a stored token, and makes no call', async () => {
    const calls = mockApi({});
    await expect(ensureAuthenticated()).resolves.toBe(false);
    expect(calls).toEqual([]);
  });

  it('validates a stored token with the current-user call', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    mockApi({ 'GET /auth/me': () => ({ body: { user } }) });
    await expect(ensureAuthenticated()).resolves.toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user, token: 'tok' });
  });

  it('drops the token when the current-user call fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    mockApi({ 'GET /auth/me': () => ({ status: 401, body: { error: 'x' } }) });
    await expect(ensureAuthenticated()).resolves.toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
  });

  it('lets the other loaders of the page wait on the check the guard started: one call, answered together', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    let answer: (value: unknown) => void = () => {};
    const calls = mockApi({ 'GET /auth/me': () => new Promise((resolve) => (answer = resolve)).then(() => ({ body: { user } })) });
    const guard = ensureAuthenticated();
    const prefetch = ensureAuthenticated();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    let prefetchAnswered = false;
    void prefetch.then(() => (prefetchAnswered = true));
    answer(null);
    await expect(guard).resolves.toBe(true);
    // Not a poll's 100 ms later: with the guard's answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetchAnswered).toBe(true);
    await expect(prefetch).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('waits for a running initialisation, polling every 100 ms, at most 5 s', async () => {
    vi.useFakeTimers();
    useAuthStore.setState({ status: 'initializing' });
    const waiting = ensureAuthenticated();
    await vi.advanceTimersByTimeAsync(300);
    useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
    await vi.advanceTimersByTimeAsync(100);
    await expect(waiting).resolves.toBe(true);

    useAuthStore.setState({ status: 'initializing', user: null, token: null });
    const timingOut = ensureAuthenticated();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(timingOut).resolves.toBe(false);
  });

  it('renames the current workspace, and no other, for the user menu', () => {
    useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
    useAuthStore.getState().renameCurrentWorkspace(2, '別のワークスペース');
    expect(useAuthStore.getState().user?.current_workspace).toEqual({ id: 1, workspace_name: '山田のワークスペース' });
    useAuthStore.getState().renameCurrentWorkspace(1, '山田工房');
    expect(useAuthStore.getState().user).toEqual({ ...user, current_workspace: { id: 1, workspace_name: '山田工房' } });
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('refreshes the signed-in user without leaving the authenticated state', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
    mockApi({ 'GET /auth/me': () => ({ body: { user: { ...user, email_verified: true } } }) });
    const statuses: string[] = [];
    const unsubscribe = useAuthStore.subscribe((state) => statuses.push(state.status));
    await useAuthStore.getState().refreshUser();
    unsubscribe();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { email_verified: true }, token: 'tok' });
    expect(statuses).toEqual(['authenticated']);
  });

  it('replaces the token (workspace switch) without leaving the authenticated state', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
    const switched = { ...user, role: 'member' as const, current_workspace: { id: 2, workspace_name: '山田工房' } };
    mockApi({ 'GET /auth/me': () => ({ body: { user: switched } }) });
    const statuses: string[] = [];
    const unsubscribe = useAuthStore.subscribe((state) => statuses.push(state.status));
    await expect(useAuthStore.getState().replaceToken('tok2')).resolves.toBe(true);
    unsubscribe();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: switched, token: 'tok2' });
    expect(statuses).toEqual(['authenticated']);
  });

  it('refreshes nobody when signed out, and keeps the user when the call fails', async () => {
    const calls = mockApi({ 'GET /auth/me': () => ({ status: 500, body: {} }) });
    await useAuthStore.getState().refreshUser();
    expect(calls).toEqual([]);

    localStorage.setItem(TOKEN_KEY, 'tok');
    useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
    await useAuthStore.getState().refreshUser();
    expect(calls).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user, token: 'tok' });
  });
});

describe('a role or a membership changed while the user works', () => {
  const shop = { id: 7, workspace_name: '佐藤商店' };
  const personal = { id: 1, workspace_name: '山田のワークスペース' };
  const inShop: AuthUser = { ...user, role: 'admin', current_workspace: shop };
  const removedFromShop = { status: 403, body: { error: 'このワークスペースへのアクセス権がありません' } };

  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, 'shop-token');
    useAuthStore.setState({ status: 'authenticated', user: inShop, token: 'shop-token' });
    setSessionExpiryNavigator(vi.fn());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'info').mockImplementation(() => {});
    vi.spyOn(notify, 'warning').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the new role and says so: admin controls go at once', async () => {
    mockApi({ 'GET /auth/me': () => ({ body: { user: { ...inShop, role: 'member' } } }) });
    await useAuthStore.getState().refreshUser();
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { role: 'member' }, token: 'shop-token' });
    expect(notify.info).toHaveBeenCalledWith('「佐藤商店」での役割がメンバーに変更されました');
  });

  it('says nothing when the role is the same', async () => {
    mockApi({ 'GET /auth/me': () => ({ body: { user: inShop } }) });
    await useAuthStore.getState().refreshUser();
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('moves a removed member to their first remaining workspace, in the same session, and says they were removed', async () => {
    const calls = mockApi({
      'GET /auth/me': () => (localStorage.getItem(TOKEN_KEY) === 'shop-token' ? removedFromShop : { body: { user } }),
      'GET /workspace/list': () => ({ body: [{ ...personal, role: 'admin' }] }),
      'POST /workspace/switch/1': () => ({ body: { token: 'personal-token' } }),
    });
    await useAuthStore.getState().refreshUser();

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /auth/me',
      'GET /workspace/list',
      'POST /workspace/switch/1',
      'GET /auth/me',
    ]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', token: 'personal-token', user: { current_workspace: personal } });
    expect(notify.warning).toHaveBeenCalledWith('「佐藤商店」のメンバーから削除されたため、「山田のワークスペース」に切り替えました');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
  });

  it('ends the session of a removed member with nowhere to go, with that reason for the login page', async () => {
    mockApi({ 'GET /auth/me': () => removedFromShop, 'GET /workspace/list': () => ({ body: [] }) });
    await useAuthStore.getState().refreshUser();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBe(
      '「佐藤商店」のメンバーから削除されました。利用できるワークスペースがないため、ログアウトしました。',
    );
  });

  it('ends a session that really ended (401) as specified', async () => {
    mockApi({ 'GET /auth/me': () => ({ status: 401, body: { error: 'セッションが無効です。再度ログインしてください' } }) });
    await useAuthStore.getState().refreshUser();
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('on opening the app with the token of a workspace the user was removed from, moves them on instead of signing them out', async () => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    mockApi({
      'GET /auth/me': () => (localStorage.getItem(TOKEN_KEY) === 'shop-token' ? removedFromShop : { body: { user } }),
      'GET /workspace/list': () => ({ body: [{ ...personal, role: 'admin' }] }),
      'POST /workspace/switch/1': () => ({ body: { token: 'personal-token' } }),
    });
    await expect(ensureAuthenticated()).resolves.toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', token: 'personal-token', user });
    expect(notify.warning).toHaveBeenCalledWith('前回のワークスペースのメンバーから削除されたため、「山田のワークスペース」に切り替えました');
  });
});
