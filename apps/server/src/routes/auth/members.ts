import { updateMemberBody, workspaceMember, workspaceMembersResponse } from '@inventory/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateMember } from '../../domains/workspaces/members-service.ts';
import { listWorkspaceMembers } from '../../domains/workspaces/memberships-repository.ts';
import { bearerSecurity as security, changeErrorResponses as errors, idParams } from '../shared-responses.ts';

/** /auth/users…: the members of the caller's current workspace, for its admins (メンバー管理). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users',
    {
      preHandler: app.requireWorkspaceAdmin,
      schema: { tags: ['auth'], security, response: { 200: workspaceMembersResponse, ...errors } },
    },
    async (request) => listWorkspaceMembers(app.db, request.auth.workspaceId),
  );

  app.put(
    '/users/:id',
    {
      preHandler: app.requireWorkspaceAdmin,
      schema: {
        tags: ['auth'],
        security,
        description: '{id} is a user id; users who are not members of the current workspace answer 404.',
        params: idParams,
        body: updateMemberBody,
        response: { 200: workspaceMember, ...errors },
      },
    },
    async (request) => updateMember(app.db, request.auth, request.params.id, request.body),
  );
};
