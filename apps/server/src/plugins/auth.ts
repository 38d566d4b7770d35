import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenSigner, type TokenSigner } from '../domains/auth/session-token.ts';
import { findSessionMember, type SessionMember } from '../domains/auth/sessions-repository.ts';
import { isSuperAdmin } from '../domains/auth/super-admin.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { ADMIN_REQUIRED_MESSAGE } from '../lib/messages.ts';

/** The caller of a signed-in request (see findSessionMember). */
export type AuthContext = SessionMember;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest hook: resolves the bearer token to request.auth or answers 401/403. */
    authenticate: Hook;
    /**
     * onRequest hook of the calls that end sessions (logout, logout everywhere): only the session
     * must be live, so a member deactivated in the token's workspace can still end it. Sets
     * request.session; request.auth stays unset.
     */
    authenticateSession: Hook;
    /** preHandler of routes for admins of the token's workspace (after authenticate): 403 otherwise. */
    requireWorkspaceAdmin: Hook;
    /** preHandler of management-console routes (after authenticate): 403 unless super admin. */
    requireSuperAdmin: Hook;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; only read it on routes that run that hook. */
    auth: AuthContext;
    /** The caller's live session: set by app.authenticate and app.authenticateSession. */
    session: { userId: number; sessionId: string };
  }
}

export const authMessages = {
  missingToken: 'ログインが必要です',
  invalidSession: 'セッションが無効です。再度ログインしてください',
  noWorkspaceAccess: 'このワークスペースへのアクセス権がありません',
  adminRequired: ADMIN_REQUIRED_MESSAGE,
  superAdminRequired: 'アクセス権限がありません',
} as const;

async function auth(app: FastifyInstance) {
  app.decorate('tokens', createTokenSigner(app.config.jwtSecret));
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('session', null as unknown as FastifyRequest['session']);

  /** The live session of the bearer token with the caller's membership of its workspace, or 401. */
  async function liveSession(request: FastifyRequest) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized(authMessages.missingToken);

    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized(authMessages.invalidSession);

    const member = await findSessionMember(app.db, claims);
    if (!member) throw unauthorized(authMessages.invalidSession);
    request.session = { userId: claims.userId, sessionId: claims.sessionId };
    return member;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const member = await liveSession(request);
    // A deactivated (or removed) member keeps their session but not this workspace.
    if (member === 'not-member') throw forbidden(authMessages.noWorkspaceAccess);
    request.auth = member;
  });

  app.decorate('authenticateSession', async (request: FastifyRequest) => {
    await liveSession(request);
  });

  // Guards read what authenticate resolved, so they cost no query. Without authenticate before
  // them (a route declared in the wrong place) they refuse rather than let the call through.
  app.decorate('requireWorkspaceAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(authMessages.missingToken);
    if (request.auth.role !== 'admin') throw forbidden(authMessages.adminRequired);
  });

  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(authMessages.missingToken);
    if (!isSuperAdmin(app.config.superAdminEmails, request.auth)) throw forbidden(authMessages.superAdminRequired);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
