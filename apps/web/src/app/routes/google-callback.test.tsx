import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_STATE_KEY } from '../../features/auth/api/start-google-sign-in.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { TOKEN_KEY } from '../../lib/token-storage.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAuthUser } from '../../testing/make-user.ts';
import { GoogleCallbackRoute } from './google-callback.tsx';

// As in the app (main.tsx), under StrictMode: effects run twice, the single-use code must be sent once.
function renderCallback(search: string) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/auth/google/callback${search}`]}>
      <Routes>
        <Route path="/auth/google/callback" element={<GoogleCallbackRoute />} />
        <Route path="/" element={<p>ダッシュボード画面</p>} />
        <Route path="/login" element={<p>ログイン画面</p>} />
      </Routes>
    </MemoryRouter>,
    { reactStrictMode: true },
  );
}

/** Lets fetch, MSW and React Query finish while the fake clock stands still. */
async function settle() {
  for (let round = 0; round < 20; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

const callbackCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((call) => call.path === '/auth/google/callback');

describe('/auth/google/callback', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['no code', '?state=s1'],
    ['no state', '?code=c1'],
    ['neither', ''],
    ['an empty code', '?code=&state=s1'],
  ])('says 認証パラメータが不正です with %s, sends nothing, and returns to /login after 3 s', async (_case, search) => {
    vi.useFakeTimers();
    sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
    const calls = mockApi({});
    renderCallback(search);

    expect(screen.getByRole('alert')).toHaveTextContent('認証パラメータが不正です');
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(screen.queryByText('ログイン画面')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('ログイン画面')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says the sign-in was cancelled when the provider answers error=access_denied, sends nothing, and returns to /login after 3 s', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
    const calls = mockApi({});
    renderCallback('?error=access_denied&error_description=End-User+aborted+interaction&state=s1');

    expect(screen.getByRole('status')).toHaveTextContent('Googleでのログインがキャンセルされました');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('認証パラメータが不正です')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText('ログイン画面')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it.each(['server_error', 'temporarily_unavailable', 'invalid_request'])(
    'says Google認証の完了に失敗しました for the provider error %s, and sends nothing',
    (providerError) => {
      sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
      const calls = mockApi({});
      renderCallback(`?error=${providerError}&state=s1`);
      expect(screen.getByRole('alert')).toHaveTextContent('Google認証の完了に失敗しました');
      expect(calls).toEqual([]);
    },
  );

  it('fails with 無効なリクエストです when the state differs from the stored one, and sends nothing', () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, 'mine');
    const calls = mockApi({});
    renderCallback('?code=c1&state=forged');
    expect(screen.getByRole('alert')).toHaveTextContent('無効なリクエストです');
    expect(calls).toEqual([]);
  });

  it('fails with 無効なリクエストです when no state was stored', () => {
    const calls = mockApi({});
    renderCallback('?code=c1&state=s1');
    expect(screen.getByRole('alert')).toHaveTextContent('無効なリクエストです');
    expect(calls).toEqual([]);
  });

  it('posts code and state once, keeps the session like login, removes the stored state and goes to /', async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
    const user = makeAuthUser({ email_verified: true });
    const calls = mockApi({ 'POST /auth/google/callback': () => ({ body: { user, token: 'google-token' } }) });
    renderCallback('?code=c1&state=s1');

    expect(screen.getByRole('status')).toHaveTextContent('認証中...');
    expect(await screen.findByText('ダッシュボード画面')).toBeInTheDocument();
    expect(callbackCalls(calls)).toEqual([{ method: 'POST', path: '/auth/google/callback', body: { code: 'c1', state: 's1' } }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('google-token');
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user, token: 'google-token' });
    expect(sessionStorage.getItem(OAUTH_STATE_KEY)).toBeNull();
  });

  it("shows the server's error, keeps signed out, and returns to /login after 3 s", async () => {
    vi.useFakeTimers();
    sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
    const calls = mockApi({
      'POST /auth/google/callback': () => ({ status: 400, body: { error: 'このメールアドレスは確認されていません' } }),
    });
    renderCallback('?code=c1&state=s1');
    await settle();

    expect(screen.getByRole('alert')).toHaveTextContent('このメールアドレスは確認されていません');
    expect(screen.getByText(/3秒後にログインページへ戻ります/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(screen.queryByText('ログイン画面')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('ログイン画面')).toBeInTheDocument();

    expect(callbackCalls(calls)).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
  });

  it('falls back to Google認証の完了に失敗しました when the server gives no text', async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, 's1');
    mockApi({ 'POST /auth/google/callback': () => ({ status: 502, body: {} }) });
    renderCallback('?code=c1&state=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google認証の完了に失敗しました');
  });
});
