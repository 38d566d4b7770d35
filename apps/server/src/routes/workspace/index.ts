import { workspaceStats } from '@inventory/contracts/dashboard';
import { errorResponse } from '@inventory/contracts/fields';
import { joinWorkspaceBody, joinWorkspaceResponse, workspaceListResponse } from '@inventory/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { joinWorkspace } from '../../domains/workspaces/invitations-service.ts';
import { listActiveMemberships } from '../../domains/workspaces/memberships-repository.ts';
import { loadWorkspaceStats } from '../../domains/workspaces/workspaces-repository.ts';
import { busyResponse as busy, bearerSecurity as security, heavyCall, readErrorResponses as errors } from '../shared-responses.ts';
import { workspaceSettingsRoutes } from './settings.ts';

// Settings and invitation codes (admins only) are a sub-plugin of their own (settings.ts); the
// switch lives outside the signed-in scope (switch.ts).
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(workspaceSettingsRoutes);

  app.get(
    '/list',
    { schema: { tags: ['workspace'], security, response: { 200: workspaceListResponse, ...errors } } },
    async (request) => listActiveMemberships(app.db, request.auth.userId),
  );

  app.get(
    '/stats',
    { config: heavyCall, schema: { tags: ['workspace'], security, response: { 200: workspaceStats, ...errors, ...busy } } },
    async (request) => loadWorkspaceStats(app.db, request.auth.workspaceId),
  );

  // Any signed-in user; limited per IP like sign-in, since codes could be guessed.
  app.post(
    '/join',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        tags: ['workspace'],
        security,
        body: joinWorkspaceBody,
        response: { 200: joinWorkspaceResponse, ...errors, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => joinWorkspace(app.db, request.auth.userId, request.body.invitation_code),
  );
};
