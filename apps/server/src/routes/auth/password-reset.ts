import { forgotPasswordBody, loginTotpBody, resetPasswordBody, signInResponse } from '@inventory/contracts/account';
import { authResponse, messageResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RESET_MAIL_LIMITS, requestPasswordReset, resetMessages, resetPassword } from '../../domains/auth/password-reset.ts';
import { finishSecondStep } from '../../domains/auth/second-factor-login.ts';
import { mailLimitsPerAddress } from './address-limits.ts';
import { signInClient } from './sign-in-client.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

/** A forgotten password (public) and the second step of a sign-in with TOTP on. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    signer: app.tokens,
    superAdminEmails: app.config.superAdminEmails,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
  };
  const checkAddressLimits = mailLimitsPerAddress(app, 'reset-mail', RESET_MAIL_LIMITS);

  app.post(
    '/forgot-password',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags: ['auth'],
        description: 'Answers 202 in the same time whether or not the address has an account; mails a reset link when it has one.',
        body: forgotPasswordBody,
        response: { 202: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await checkAddressLimits(request);
      requestPasswordReset(deps, request.body.email);
      return reply.code(202).send({ message: resetMessages.requested });
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags: ['auth'],
        description: 'Uses the token of the mail once (valid 1 hour) and ends every session of the user. With TOTP on, answers the second step instead of a session.',
        body: resetPasswordBody,
        response: { 200: signInResponse, ...errors },
      },
    },
    async (request) => resetPassword(deps, request.body, signInClient(request)),
  );

  app.post(
    '/login/totp',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: loginTotpBody, response: { 200: authResponse, ...errors } },
    },
    async (request) => finishSecondStep(deps, request.body, signInClient(request)),
  );
};
