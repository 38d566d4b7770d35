import {
  passkey,
  passkeyLoginVerifyBody,
  passkeyOptionsResponse,
  passkeyRegisterVerifyBody,
  passkeysResponse,
} from '@inventory/contracts/account';
import { authResponse, messageResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountNoticeMail } from '../../domains/auth/account-mails.ts';
import {
  deletePasskey,
  listPasskeys,
  loginWithPasskey,
  passkeyLoginOptions,
  passkeyMessages,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingPartyOf,
} from '../../domains/auth/passkeys.ts';
import { findUserContact } from '../../domains/auth/users-repository.ts';
import { bearerSecurity as security, idParams } from '../shared-responses.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

const userAgentOf = (headers: { 'user-agent'?: string | undefined }) => headers['user-agent'] ?? null;

/** Passkeys: registered and managed signed in, used to sign in without an e-mail or password. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passkeySignInRoutes);
  await app.register(passkeyManagementRoutes);
};

/** Public: a sign-in with a discoverable passkey. */
const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyOf(app.config.appUrl);
  const deps = { db: app.db, signer: app.tokens, superAdminEmails: app.config.superAdminEmails };

  app.post(
    '/passkeys/login/options',
    { config: { rateLimit: app.authRateLimit }, schema: { tags: ['auth'], response: { 200: passkeyOptionsResponse, ...errors } } },
    async () => passkeyLoginOptions(app.db, rp),
  );

  app.post(
    '/passkeys/login/verify',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: passkeyLoginVerifyBody, response: { 200: authResponse, ...errors } },
    },
    async (request) => loginWithPasskey(deps, rp, request.body.response, userAgentOf(request.headers)),
  );

};

/** The caller's own passkeys, whichever workspace the token points at. */
const passkeyManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyOf(app.config.appUrl);
  app.addHook('onRequest', app.authenticateSession);

  app.get(
    '/passkeys',
    { schema: { tags: ['auth'], security, response: { 200: passkeysResponse, ...errors } } },
    async (request) => listPasskeys(app.db, request.session.userId),
  );

  app.post(
    '/passkeys/register/options',
    { schema: { tags: ['auth'], security, response: { 200: passkeyOptionsResponse, ...errors } } },
    async (request) => passkeyRegistrationOptions(app.db, rp, request.session.userId),
  );

  app.post(
    '/passkeys/register/verify',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], security, body: passkeyRegisterVerifyBody, response: { 201: passkey, ...errors } },
    },
    async (request, reply) => {
      const created = await registerPasskey(app.db, rp, request.session.userId, request.body, userAgentOf(request.headers));
      app.mailer.send(accountNoticeMail(app.config.appUrl, await findUserContact(app.db, request.session.userId), 'passkey-added', `パスキー名: ${created.name}`));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags: ['auth'],
        security,
        description: "{id} is one of the caller's passkeys; another user's answers 404.",
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deletePasskey(app.db, request.session.userId, request.params.id);
      return { message: passkeyMessages.deleted };
    },
  );
};
