import { messageResponse, sendVerificationBody, verifyEmailBody } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RESEND_LIMITS,
  resendVerificationMail,
  verificationMessages,
  verifyEmail,
} from '../../domains/auth/email-verification.ts';
import { tooManyRequests } from '../../lib/http-error.ts';

const errors = { 400: errorResponse, 429: errorResponse };

/** POST /auth/send-verification and POST /auth/verify-email: public, so the /verify-email page works signed out. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log };

  // Per requested address, on top of the per-IP limit; counted in the process, or in Redis
  // with REDIS_URL, like the per-IP limits. The key is the address as validated (trimmed, lower case).
  const addressLimits = RESEND_LIMITS.map((limit) => ({
    message: limit.message,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `verification-mail-${limit.name}:${(request.body as { email: string }).email}`,
    }),
  }));

  app.post(
    '/send-verification',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: sendVerificationBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      for (const limit of addressLimits) {
        const state = await limit.check(request);
        if (!state.isAllowed && state.isExceeded) {
          throw Object.assign(tooManyRequests(limit.message), { retryAfter: Math.max(1, state.ttlInSeconds) });
        }
      }
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
