import { accountSecurity, recoveryCodesResponse, totpDisableBody, totpEnableBody, totpSetupResponse } from '@inventory/contracts/account';
import { messageResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountNoticeMail } from '../../domains/auth/account-mails.ts';
import { accountSecurityOf } from '../../domains/auth/account-overview.ts';
import { findUserContact } from '../../domains/auth/users-repository.ts';
import { disableTotp, enableTotp, setUpTotp, totpMessages } from '../../domains/auth/totp.ts';
import { bearerSecurity as security } from '../shared-responses.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

/** アカウント設定: the account's safety at a glance, and the second factor (TOTP). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.config;
  // The account, whichever workspace the token points at (a deactivated member keeps their account).
  app.addHook('onRequest', app.authenticateSession);

  app.get(
    '/account',
    { schema: { tags: ['auth'], security, response: { 200: accountSecurity, ...errors } } },
    async (request) => accountSecurityOf(app.db, request.session.userId),
  );

  app.post(
    '/totp/setup',
    { schema: { tags: ['auth'], security, response: { 200: totpSetupResponse, ...errors } } },
    async (request) => setUpTotp(app.db, request.session.userId),
  );

  app.post(
    '/totp/enable',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], security, body: totpEnableBody, response: { 200: recoveryCodesResponse, ...errors } },
    },
    async (request) => {
      const codes = await enableTotp(app.db, request.session.userId, request.body.code);
      app.mailer.send(accountNoticeMail(appUrl, await findUserContact(app.db, request.session.userId), 'totp-enabled'));
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/totp/disable',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], security, body: totpDisableBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const user = await findUserContact(app.db, request.session.userId);
      await disableTotp(app.db, { userId: request.session.userId, email: user.email }, request.body, request.ip);
      app.mailer.send(accountNoticeMail(appUrl, user, 'totp-disabled'));
      return { message: totpMessages.disabled };
    },
  );
};
