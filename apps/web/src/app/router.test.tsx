import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/auth-store.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { SESSION_EXPIRED_KEY } from '../lib/session-expiry.ts';
import { TOKEN_KEY } from '../lib/token-storage.ts';
import { mockApi } from '../testing/api-mock.tsx';
import { makeDashboard } from '../testing/make-dashboard.ts';
import { makeAuthUser } from '../testing/make-user.ts';
import { createQueryClient } from './provider.tsx';
import { createRouter } from './router.tsx';

/** A reply held back until the test lets it go. */
function heldBack() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
}

describe('opening the app on a screen that prefetches (the dashboard)', () => {
  let stopRouter: () => void = () => {};
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    stopRouter();
    vi.restoreAllMocks();
  });

  it("asks for the screen's data beside the check of the stored token, and shows it once the token holds", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const check = heldBack();
    const calls = mockApi({
      'GET /auth/me': async () => {
        await check.released;
        return { body: { user: makeAuthUser() } };
      },
      'GET /dashboard': () => ({ body: makeDashboard() }),
    });
    const queryClient = createQueryClient();
    const router = createRouter(queryClient);
    stopRouter = () => router.dispose();

    await vi.waitFor(() => expect(queryClient.getQueryState(queryKeys.dashboard.overview)?.status).toBe('success'), { timeout: 5000 });
    expect(useAuthStore.getState().status).toBe('initializing');
    check.release();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(useAuthStore.getState().status).toBe('authenticated');
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(1);
  });

  it('with an ended session, leaves the verdict to the token check: the sign-in page, without an expired-session message', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    const check = heldBack();
    const refused = { status: 401, body: { error: 'セッションが無効です。再度ログインしてください' } };
    const calls = mockApi({
      'GET /auth/me': async () => {
        await check.released;
        return refused;
      },
      'GET /dashboard': () => refused,
    });
    const queryClient = createQueryClient();
    const router = createRouter(queryClient);
    stopRouter = () => router.dispose();

    await vi.waitFor(() => expect(queryClient.getQueryState(queryKeys.dashboard.overview)?.status).toBe('error'), { timeout: 5000 });
    // The screen's 401 ended nothing: the token is still being checked.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('old');
    check.release();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    expect(calls.map((call) => call.path).sort()).toEqual(['/auth/me', '/dashboard']);
  });

  it('asks nothing without a stored token', async () => {
    const calls = mockApi({});
    const router = createRouter(createQueryClient());
    stopRouter = () => router.dispose();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([]);
  });
});
