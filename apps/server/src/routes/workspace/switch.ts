import { errorResponse } from '@inventory/contracts/fields';
import { switchWorkspaceResponse } from '@inventory/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { switchWorkspace } from '../../domains/auth/switch-workspace.ts';
import { bearerSecurity as security, idParams } from '../shared-responses.ts';

/**
 * POST /workspace/switch/{id}, outside the signed-in scope: switching is a matter of the session,
 * not of the token's workspace, so a member deactivated there can still switch to a workspace
 * where they are active (switchWorkspace checks that membership) instead of having to log out.
 */
export const workspaceSwitchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/switch/:id',
    {
      onRequest: app.authenticateSession,
      schema: {
        tags: ['workspace'],
        security,
        params: idParams,
        response: { 200: switchWorkspaceResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ token: await switchWorkspace(app.db, app.tokens, request.session, request.params.id) }),
  );
};
