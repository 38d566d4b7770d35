// The session token lives in local storage under these keys: auth_token holds the
// token, auth_token_data the token with its expiry (from the exp claim) in milliseconds.
export const TOKEN_KEY = 'auth_token';
export const TOKEN_DATA_KEY = 'auth_token_data';

interface StoredTokenData {
  token: string;
  expiresAt?: number;
}

export function decodeTokenClaims(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  const exp = decodeTokenClaims(token)?.exp;
  // A token without an exp claim is still stored, with no expiry data.
  const data: StoredTokenData = typeof exp === 'number' ? { token, expiresAt: exp * 1000 } : { token };
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(TOKEN_DATA_KEY, JSON.stringify(data));
}

/** The stored token, or null; a token past its expiry counts as absent and is removed. */
export function readStoredToken(now = Date.now()): string | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  let data: StoredTokenData | null;
  try {
    data = JSON.parse(localStorage.getItem(TOKEN_DATA_KEY) ?? 'null') as StoredTokenData | null;
  } catch {
    data = null;
  }
  if (data?.token === token && typeof data.expiresAt === 'number' && data.expiresAt <= now) {
    clearStoredToken();
    return null;
  }
  return token;
}

export function clearStoredToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_DATA_KEY);
}
