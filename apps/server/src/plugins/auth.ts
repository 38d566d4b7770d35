import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenSigner, type SessionClaims, type TokenSigner } from '../domains/auth/session-token.ts';
import {
  findSessionCaller,
  findSessionMember,
  findSessionProof,
  type SessionCaller,
  type SessionLookup,
  type SessionMember,
} from '../domains/auth/sessions-repository.ts';
import { sessionActivityRecorder } from '../domains/auth/signed-in-devices.ts';
import { isSuperAdmin } from '../domains/auth/super-admin.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { ADMIN_REQUIRED_MESSAGE } from '../lib/messages.ts';

/** The caller of a signed-in request (see findSessionCaller). */
export type AuthContext = SessionCaller;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest hook: resolves the bearer token to request.auth or answers 401/403. */
    authenticate: Hook;
    /** authenticate that also sets request.profile (name, e-mail, workspace name): for /auth/me and the account calls. */
    authenticateProfile: Hook;
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
    /** Set by app.authenticateProfile; only read it on routes that run that hook. */
    profile: SessionMember;
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
  app.decorateRequest('profile', null as unknown as SessionMember);
  app.decorateRequest('session', null as unknown as FastifyRequest['session']);
  // The last use of each session, for the list of signed-in devices (at most one write a minute).
  const recordSessionUse = sessionActivityRecorder(app.db, app.log);

  /**
   * An onRequest hook that checks the bearer token's session and hands the caller to `accept`
   * (which throws 403 for a caller it refuses).
   */
  function sessionHook<Caller>(
    lookUp: (db: FastifyInstance['db'], claims: SessionClaims) => Promise<SessionLookup<Caller>>,
    accept: (request: FastifyRequest, caller: Caller | 'not-member') => void,
  ): Hook {
    return async (request) => {
      const claims = await app.tokens.verify(bearerToken(request));
      if (!claims) throw unauthorized(authMessages.invalidSession);
      const found = await lookUp(app.db, claims);
      if (found === 'no-session') throw unauthorized(authMessages.invalidSession);
      recordSessionUse(claims.sessionId);
      request.session = { userId: claims.userId, sessionId: claims.sessionId };
      accept(request, found);
    };
  }

  function bearerToken(request: FastifyRequest): string {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized(authMessages.missingToken);
    return token;
  }

  /** A deactivated (or removed) member keeps their session but not this workspace. */
  function activeMember<Caller>(caller: Caller | 'not-member'): Caller {
    if (caller === 'not-member') throw forbidden(authMessages.noWorkspaceAccess);
    return caller;
  }

  app.decorate(
    'authenticate',
    sessionHook(findSessionCaller, (request, caller) => {
      request.auth = activeMember(caller);
    }),
  );

  app.decorate(
    'authenticateProfile',
    sessionHook(findSessionMember, (request, member) => {
      request.profile = activeMember(member);
      request.auth = request.profile;
    }),
  );

  app.decorate(
    'authenticateSession',
    sessionHook(findSessionCaller, () => {}),
  );

  // Guards read what authenticate resolved, so they cost no query. Without authenticate before
  // them (a route declared in the wrong place) they refuse rather than let the call through.
  app.decorate('requireWorkspaceAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(authMessages.missingToken);
    if (request.auth.role !== 'admin') throw forbidden(authMessages.adminRequired);
  });

  // The console's calls are rare: the e-mail is read here rather than on every request.
  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(authMessages.missingToken);
    const proof = await findSessionProof(app.db, request.auth.sessionId);
    if (!proof || !isSuperAdmin(app.config.superAdminEmails, proof, proof.sessionCreatedAt)) {
      throw forbidden(authMessages.superAdminRequired);
    }
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
