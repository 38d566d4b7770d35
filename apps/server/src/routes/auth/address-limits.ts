import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/http-error.ts';

interface MailLimit {
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

/**
 * Limits on the mails one requested address can be sent (verification resends, reset mails), on
 * top of the per-IP limit of the route, counted per requested address and client address: a
 * stranger who uses them up from their own address leaves the owner theirs. Counted in the
 * process, or in Redis with REDIS_URL, like the per-IP limits; the key holds the address as
 * validated (trimmed, lower case). Checked in order; a request refused by one does not use up
 * the next. Answers a check that throws 429 with Retry-After.
 */
export function mailLimitsPerAddress(app: FastifyInstance, prefix: string, limits: readonly MailLimit[]) {
  const checks = limits.map((limit) => ({
    message: limit.message,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${prefix}-${limit.name}:${request.ip}:${(request.body as { email: string }).email}`,
    }),
  }));
  return async (request: FastifyRequest) => {
    for (const limit of checks) {
      const state = await limit.check(request);
      if (!state.isAllowed && state.isExceeded) {
        throw Object.assign(tooManyRequests(limit.message), { retryAfter: Math.max(1, state.ttlInSeconds) });
      }
    }
  };
}
