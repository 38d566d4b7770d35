import { workspaceStats } from '@inventory/contracts/dashboard';
import { errorResponse } from '@inventory/contracts/fields';
import { joinWorkspaceBody, joinWorkspaceResponse, switchWorkspaceResponse, workspaceListResponse } from '@inventory/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { switchWorkspace } from '../../domains/auth/switch-workspace.ts';
import { joinWorkspace } from '../../domains/workspaces/invitations-service.ts';
import { listActiveMemberships } from '../../domains/workspaces/memberships-repository.ts';
import { loadWorkspaceStats } from '../../domains/workspaces/workspaces-repository.ts';
import { busyResponse as busy, bearerSecurity as security, heavyCall, readErrorResponses as errors, idParams } from '../shared-responses.ts';
import { workspaceSettingsRoutes } from './settings.ts';

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userWorkspacesRoutes);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(currentWorkspaceRoutes);
  });
};

/**
 * The user's own workspaces: the list and the switch need only a live session, not an active
 * membership of the token's workspace, so a member removed from it can still see where else they
 * belong and move there (the web app does so at once, with a message).
 */
const userWorkspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateSession);

  app.get(
    '/list',
    { schema: { tags: ['workspace'], security, response: { 200: workspaceListResponse, ...errors } } },
    async (request) => listActiveMemberships(app.db, request.session.userId),
  );

  app.post(
    '/switch/:id',
    {
      schema: {
        tags: ['workspace'],
        security,
        params: idParams,
        response: { 200: switchWorkspaceResponse, ...errors },
      },
    },
    async (request) => ({ token: await switchWorkspace(app.db, app.tokens, request.session, request.params.id) }),
  );
};

// The workspace of the token, for its active members. Settings and invitation codes (admins only)
// are a sub-plugin of their own (settings.ts).
const currentWorkspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(workspaceSettingsRoutes);

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
