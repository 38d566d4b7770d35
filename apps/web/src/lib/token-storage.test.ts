import { describe, expect, it } from 'vitest';
import { clearStoredToken, readStoredToken, storeToken, TOKEN_DATA_KEY, TOKEN_KEY } from './token-storage.ts';

function fakeToken(claims: Record<string, unknown>) {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('token storage', () => {
  it('stores the token under auth_token and its expiry from the exp claim under auth_token_data', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = fakeToken({ sub: '1', wid: 2, exp });
    storeToken(token);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(TOKEN_DATA_KEY)!)).toEqual({ token, expiresAt: exp * 1000 });
    expect(readStoredToken()).toBe(token);
  });

  it('keeps a token without exp, with no expiry data', () => {
    const token = fakeToken({ sub: '1' });
    storeToken(token);
    expect(JSON.parse(localStorage.getItem(TOKEN_DATA_KEY)!)).toEqual({ token });
    expect(readStoredToken()).toBe(token);
  });

  it('treats a token past its expiry as absent and removes it', () => {
    const token = fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 1 });
    storeToken(token);
    expect(readStoredToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_DATA_KEY)).toBeNull();
  });

  it('reads Japanese names in the payload and survives garbage', () => {
    storeToken('not-a-jwt');
    expect(readStoredToken()).toBe('not-a-jwt');
    clearStoredToken();
    expect(readStoredToken()).toBeNull();
  });
});
