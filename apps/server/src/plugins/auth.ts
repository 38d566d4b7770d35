import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenSigner, type SessionClaims, type TokenSigner } from '../domains/auth/session-token.ts';
import { rememberingSessionCallers } from '../domains/auth/session-callers.ts';
import {
  findSessionCaller,
  findSessionMember,
  findSessionMemberNow,
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
type CallbackHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest hook: resolves the bearer token to request.auth or answers 401/403. */
    authenticate: CallbackHook;
    /** authenticate that also sets request.profile (name, e-mail, workspace name): for /auth/me and the account calls. */
    authenticateProfile: CallbackHook;
    /**
     * onRequest hook of the calls that end sessions (logout, logout everywhere): only the session
     * must be live, so a member deactivated in the token's workspace can still end it. Sets
     * request.session; request.auth stays unset.
     */
    authenticateSession: CallbackHook;
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

/** How a hook finds the caller of the session: at once when it can (SQLite), else asynchronously. */
interface CallerLookup<Caller> {
  now(db: FastifyInstance['db'], claims: SessionClaims): SessionLookup<Caller> | undefined;
  later(db: FastifyInstance['db'], claims: SessionClaims): Promise<SessionLookup<Caller>>;
}

async function auth(app: FastifyInstance) {
  app.decorate('tokens', createTokenSigner(app.config.jwtSecret));
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('profile', null as unknown as SessionMember);
  app.decorateRequest('session', null as unknown as FastifyRequest['session']);
  // The last use of each session, for the list of signed-in devices (at most one write a minute).
  const recordSessionUse = sessionActivityRecorder(app.db, app.log);

  /**
   * An onRequest hook that checks the bearer token's session and hands the caller to `accept`
   * (which throws 403 for a caller it refuses). A token seen before is known without jose, and
   * on SQLite the lookup runs synchronously when the connection is free, so most requests pass
   * without a single promise; otherwise the same steps run asynchronously.
   */
  function sessionHook<Caller>(lookup: CallerLookup<Caller>, accept: (request: FastifyRequest, caller: Caller | 'not-member') => void): CallbackHook {
    function settle(request: FastifyRequest, claims: SessionClaims, found: SessionLookup<Caller>) {
      if (found === 'no-session') throw unauthorized(authMessages.invalidSession);
      recordSessionUse(claims.sessionId);
      request.session = { userId: claims.userId, sessionId: claims.sessionId };
      accept(request, found);
    }

    async function later(request: FastifyRequest, token: string) {
      const claims = await app.tokens.verify(token);
      if (!claims) throw unauthorized(authMessages.invalidSession);
      settle(request, claims, await lookup.later(app.db, claims));
    }

    return (request, _reply, done) => {
      let token: string;
      let settled = false;
      try {
        token = bearerToken(request);
        const claims = app.tokens.knownClaims(token);
        const found = claims && lookup.now(app.db, claims);
        if (claims && found !== undefined) {
          settle(request, claims, found);
          settled = true;
        }
      } catch (error) {
        done(error as Error);
        return;
      }
      // Called outside the try: done() runs the rest of the request, whose errors are not this hook's.
      if (settled) done();
      else later(request, token).then(() => done(), done);
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

  const sessionCallerNow = rememberingSessionCallers(app.db);

  app.decorate(
    'authenticate',
    sessionHook({ now: sessionCallerNow, later: findSessionCaller }, (request, caller) => {
      request.auth = activeMember(caller);
    }),
  );

  app.decorate(
    'authenticateProfile',
    sessionHook({ now: findSessionMemberNow, later: findSessionMember }, (request, member) => {
      request.profile = activeMember(member);
      request.auth = request.profile;
    }),
  );

  app.decorate(
    'authenticateSession',
    sessionHook({ now: sessionCallerNow, later: findSessionCaller }, () => {}),
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
