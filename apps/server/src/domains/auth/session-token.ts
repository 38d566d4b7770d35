import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  workspaceId: number;
  sessionId: string;
}

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const ALGORITHM = 'HS256';

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ wid: claims.workspaceId, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /** Returns the claims of a valid, unexpired token, or null. The algorithm is pinned. */
  async function verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
      const userId = Number(payload.sub);
      const workspaceId = payload.wid;
      const sessionId = payload.sid;
      if (!Number.isInteger(userId) || typeof workspaceId !== 'number' || typeof sessionId !== 'string') return null;
      return { userId, workspaceId, sessionId };
    } catch {
      return null;
    }
  }

  return { sign, verify };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
