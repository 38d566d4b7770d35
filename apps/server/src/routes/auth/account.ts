import { changePasswordBody, messageResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountNoticeMail } from '../../domains/auth/account-mails.ts';
import { accountMessages, changePassword, logoutEverywhere } from '../../domains/auth/account-security.ts';
import { bearerSecurity as security } from '../shared-responses.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

/** Account safety: change the password, log out everywhere. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/change-password',
    {
      onRequest: app.authenticateProfile,
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], security, body: changePasswordBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const { first } = await changePassword(app.db, request.profile, request.body, request.ip);
      app.mailer.send(accountNoticeMail(app.config.appUrl, request.profile, first ? 'password-set' : 'password-changed'));
      return { message: first ? accountMessages.passwordSet : accountMessages.passwordChanged };
    },
  );

  app.post(
    '/logout-all',
    // Any live session, also one whose workspace the member was deactivated in (like logout).
    { onRequest: app.authenticateSession, schema: { tags: ['auth'], security, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await logoutEverywhere(app.db, request.session.userId);
      return { message: accountMessages.loggedOutEverywhere };
    },
  );
};
