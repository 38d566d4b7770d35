import { messageResponse, sendVerificationBody, verifyEmailBody } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RESEND_LIMITS,
  resendVerificationMail,
  verificationMessages,
  verifyEmail,
} from '../../domains/auth/email-verification.ts';
import { mailLimitsPerAddress } from './address-limits.ts';

const errors = { 400: errorResponse, 429: errorResponse };

/** POST /auth/send-verification and POST /auth/verify-email: public, so the /verify-email page works signed out. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log };

  const checkAddressLimits = mailLimitsPerAddress(app, 'verification-mail', RESEND_LIMITS);

  app.post(
    '/send-verification',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: sendVerificationBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await checkAddressLimits(request);
      await resendVerificationMail(deps, request.body.email);
      return { message: verificationMessages.sent };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: verifyEmailBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { message: verificationMessages.verified };
    },
  );
};
