import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, apiRequest } from './api-client.ts';
import {
  onAccessRefused,
  SESSION_EXPIRED_KEY,
  SESSION_EXPIRED_MESSAGE,
  setSessionExpiryNavigator,
  setStoredTokenCheck,
  setWorkspaceSwitching,
} from './session-expiry.ts';
import { TOKEN_KEY } from './token-storage.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    setSessionExpiryNavigator(navigate);
    navigate.mockReset();
    window.history.replaceState(null, '', '/parts');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    setWorkspaceSwitching(false);
    setStoredTokenCheck(false);
  });

  it('sends the bearer token and JSON, and answers the parsed body', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { ok: true }));
    await expect(apiRequest('/parts', { method: 'POST', body: { a: 1 }, fallbackMessage: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/parts');
    expect(init!.headers).toEqual({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init!.body).toBe('{"a":1}');
  });

  it("shows the server's error text, else the caller's fallback", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(409, { error: '在庫が不足しています' }));
    await expect(apiRequest('/x', { fallbackMessage: '失敗' })).rejects.toMatchObject({ status: 409, message: '在庫が不足しています' });
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(apiRequest('/x', { fallbackMessage: '失敗' })).rejects.toMatchObject({ status: 500, message: '失敗' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('network down'));
    await expect(apiRequest('/x', { fallbackMessage: '失敗' })).rejects.toEqual(new ApiError(0, '失敗'));
  });

  it('gives up after 10 seconds', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    );
    const pending = expect(apiRequest('/slow', { fallbackMessage: '時間切れ' })).rejects.toMatchObject({ message: '時間切れ' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await pending;
  });

  it('on 401/403 drops the token, keeps the message and goes to /login once after 100 ms', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(401, { error: 'セッションが無効です' }));
    await Promise.allSettled([apiRequest('/a', { fallbackMessage: 'x' }), apiRequest('/b', { fallbackMessage: 'x' })]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SESSION_EXPIRED_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on 403 lets the app check what changed and keeps the session; without a check it ends', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(403, { error: '管理者権限が必要です' }));
    const check = vi.fn();
    const stopChecking = onAccessRefused(check);
    await expect(apiRequest('/workspace/invite-code', { method: 'POST', fallbackMessage: 'x' })).rejects.toMatchObject({
      status: 403,
      message: '管理者権限が必要です',
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(check).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    stopChecking();
    await apiRequest('/workspace/invite-code', { method: 'POST', fallbackMessage: 'x' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(100);
    expect(check).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("leaves a 401 or 403 to the stored token's check while it runs", async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const check = vi.fn();
    const stopChecking = onAccessRefused(check);
    setStoredTokenCheck(true);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(401, { error: 'x' })).mockResolvedValueOnce(json(403, { error: 'x' }));
    await expect(apiRequest('/dashboard', { fallbackMessage: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/dashboard', { fallbackMessage: 'x' })).rejects.toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(200);
    stopChecking();
    expect(check).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ends nothing for the 401 of a call made with a token that was replaced while it ran', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      localStorage.setItem(TOKEN_KEY, 'new');
      return json(401, { error: 'x' });
    });
    await expect(apiRequest('/dashboard', { fallbackMessage: 'x' })).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(200);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new');
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect during a workspace switch, nor for the current-user call', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(403, { error: 'x' }));
    setWorkspaceSwitching(true);
    await apiRequest('/a', { fallbackMessage: 'x' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(200);
    expect(navigate).not.toHaveBeenCalled();

    setWorkspaceSwitching(false);
    sessionStorage.clear();
    localStorage.setItem(TOKEN_KEY, 'abc');
    await apiRequest('/auth/me', { fallbackMessage: 'x' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(200);
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
  });
});
