import type { AuthUser } from '@inventory/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/api-mock.tsx';
import { ensureAuthenticated, useAuthStore } from './auth-store.ts';
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
