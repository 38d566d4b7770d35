import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-error.ts';

export const RATE_LIMITED_MESSAGE = 'リクエストが多すぎます。しばらくしてから再度お試しください';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route option for the calls limited per IP: login, register, resend, verify, joining with a code. */
    authRateLimit: { max: number; timeWindow: number };
  }
}

// Limits are opt-in per route. With REDIS_URL the counters live in Redis, so every instance
// behind a load balancer shares them; otherwise they are kept in this process.
async function rateLimiting(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'inventory-rate-limit-' } : {}),
    errorResponseBuilder: () => tooManyRequests(RATE_LIMITED_MESSAGE),
  });
  app.decorate('authRateLimit', { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 });
}

export default fp(rateLimiting, { name: 'rate-limit', dependencies: ['db'] });
