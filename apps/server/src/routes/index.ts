import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index.ts';
import { healthRoutes } from './health.ts';
import { workspaceRoutes } from './workspace/index.ts';

/** Every API route, mounted under /api. The folder is the URL prefix. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });

  // Everything below needs a signed-in member of the token's workspace.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(workspaceRoutes, { prefix: '/workspace' });
    // parts, tags and stock-entries routes
    // orders routes
  });
}
