import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  workspaceId: number;
  sessionId: string;
}

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const ALGORITHM = 'HS256';
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenSigner(secret: string) {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

  async function sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ wid: claims.workspaceId, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await key);
  }

  // A token's signature check is a pure function of the token, so valid tokens are remembered
  // until they expire; whether the session is still alive is asked of the database every time.
  const verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();

  function knownClaims(token: string): SessionClaims | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return undefined;
  }

  /** Returns the claims of a valid, unexpired token, or null. The algorithm is pinned and exp required. */
  async function verify(token: string): Promise<SessionClaims | null> {
    const known = knownClaims(token);
    if (known) return known;
    try {
      // Every token we sign has exp; one without it would never expire on its own.
      const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM], requiredClaims: ['exp'] });
      const userId = Number(payload.sub);
      const workspaceId = payload.wid;
      const sessionId = payload.sid;
      if (!Number.isInteger(userId) || typeof workspaceId !== 'number' || typeof sessionId !== 'string') return null;
      const claims = { userId, workspaceId, sessionId };
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  return { sign, verify };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
