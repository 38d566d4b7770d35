import {
  authResponse,
  loginBody,
  meResponse,
  messageResponse,
  registerBody,
} from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { login, logout, register, toAuthUser } from '../../domains/auth/auth-service.ts';
import { signInResponse } from '@inventory/contracts/account';
import { accountRoutes } from './account.ts';
import { deviceRoutes } from './devices.ts';
import { passkeyRoutes } from './passkeys.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { secondFactorRoutes } from './second-factor.ts';
import { signInClient } from './sign-in-client.ts';
import { emailVerificationRoutes } from './email-verification.ts';
import { memberRoutes } from './members.ts';
import { googleAuthRoutes } from './google.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, signer: app.tokens, superAdminEmails: app.config.superAdminEmails };
  const signUpDeps = { ...deps, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log };

  app.post(
    '/register',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: registerBody, response: { 201: authResponse, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await register(signUpDeps, request.body, signInClient(request).userAgent)),
  );

  app.post(
    '/login',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags: ['auth'],
        description: 'A session, or with TOTP on `{mfa_required, mfa_token}`: the code then goes to POST /auth/login/totp.',
        body: loginBody,
        response: { 200: signInResponse, ...errors },
      },
    },
    async (request) => login(deps, request.body, signInClient(request)),
  );

  app.post(
    '/logout',
    {
      // Any live session, also one whose workspace the member was deactivated in: logging out must end it.
      onRequest: app.authenticateSession,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await logout(app.db, request.session.sessionId);
      return { message: 'ログアウトしました' };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticateProfile,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: meResponse, ...errors } },
    },
    // Everything /me shows came with the session check (see sessions-repository.ts).
    async (request) => ({ user: toAuthUser(deps.superAdminEmails, request.profile) }),
  );

  await app.register(memberRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(accountRoutes);
  await app.register(passwordResetRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(deviceRoutes);

  await app.register(googleAuthRoutes);
};
