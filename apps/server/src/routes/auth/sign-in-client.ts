import type { FastifyRequest } from 'fastify';
import type { SignInClient } from '../../domains/auth/auth-service.ts';

/** Who is signing in from where: the client address (as the trusted proxies give it) and the browser. */
export const signInClient = (request: FastifyRequest): SignInClient => ({
  clientAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
