import { workspaceStats } from '@inventory/contracts/dashboard';
import { errorResponse, idParam } from '@inventory/contracts/fields';
import { switchWorkspaceResponse, workspaceListResponse } from '@inventory/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { switchWorkspace } from '../../domains/auth/switch-workspace.ts';
import { listActiveMemberships, loadWorkspaceStats } from '../../domains/workspaces/workspaces-repository.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    { schema: { tags: ['workspace'], security: [{ bearer: [] }], response: { 200: workspaceListResponse, ...errors } } },
    async (request) => listActiveMemberships(app.db, request.auth.userId),
  );

  app.get(
    '/stats',
    { schema: { tags: ['workspace'], security: [{ bearer: [] }], response: { 200: workspaceStats, ...errors } } },
    async (request) => loadWorkspaceStats(app.db, request.auth.workspaceId),
  );

  app.post(
    '/switch/:id',
    {
      schema: {
        tags: ['workspace'],
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        response: { 200: switchWorkspaceResponse, ...errors },
      },
    },
    async (request) => ({ token: await switchWorkspace(app.db, app.tokens, request.auth, request.params.id) }),
  );
};
