import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MembershipRole } from '../db/schema.ts';
import { createTokenSigner, type TokenSigner } from '../domains/auth/session-token.ts';
import { findSessionContext } from '../domains/auth/sessions-repository.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

export interface AuthContext {
  userId: number;
  email: string;
  workspaceId: number;
  sessionId: string;
  role: MembershipRole;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest hook: resolves the bearer token to request.auth or answers 401/403. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; only read it on routes that run that hook. */
    auth: AuthContext;
  }
}

export const authMessages = {
  missingToken: 'ログインが必要です',
  invalidSession: 'セッションが無効です。再度ログインしてください',
  noWorkspaceAccess: 'このワークスペースへのアクセス権がありません',
} as const;

async function auth(app: FastifyInstance) {
  app.decorate('tokens', createTokenSigner(app.config.jwtSecret));
  app.decorateRequest('auth', null as unknown as AuthContext);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized(authMessages.missingToken);

    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized(authMessages.invalidSession);

    const context = await findSessionContext(app.db, claims);
    if (!context) throw unauthorized(authMessages.invalidSession);
    // A deactivated (or removed) member keeps their session but not this workspace.
    if (!context.role || context.membershipActive !== 1) throw forbidden(authMessages.noWorkspaceAccess);

    request.auth = {
      userId: context.userId,
      email: context.email,
      workspaceId: claims.workspaceId,
      sessionId: claims.sessionId,
      role: context.role,
    };
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
