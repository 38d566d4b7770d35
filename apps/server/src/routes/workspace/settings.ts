import { inviteCodeResponse, updateWorkspaceSettingsBody, workspaceSettings } from '@inventory/contracts/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createInviteCode, invitationMessages, revokeInviteCode } from '../../domains/workspaces/invitations-service.ts';
import { loadWorkspaceSettings, updateWorkspaceSettings } from '../../domains/workspaces/workspace-settings-service.ts';
import { bearerSecurity as security, changeErrorResponses as errors, messageResponse } from '../shared-responses.ts';

/** /workspace/settings and /workspace/invite-code: ワークスペース設定, for admins of the current workspace. */
export const workspaceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const docs = { tags: ['workspace'], security };

  app.get(
    '/settings',
    { preHandler: app.requireWorkspaceAdmin, schema: { ...docs, response: { 200: workspaceSettings, ...errors } } },
    async (request) => loadWorkspaceSettings(app.db, request.auth.workspaceId),
  );

  app.put(
    '/settings',
    {
      preHandler: app.requireWorkspaceAdmin,
      schema: { ...docs, body: updateWorkspaceSettingsBody, response: { 200: workspaceSettings, ...errors } },
    },
    async (request) => updateWorkspaceSettings(app.db, request.auth.workspaceId, request.body),
  );

  app.post(
    '/invite-code',
    {
      preHandler: app.requireWorkspaceAdmin,
      schema: {
        ...docs,
        description: 'A new code valid for 7 days; the earlier live code stops working.',
        response: { 201: inviteCodeResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createInviteCode(app.db, request.auth)),
  );

  app.delete(
    '/invite-code',
    {
      preHandler: app.requireWorkspaceAdmin,
      schema: {
        ...docs,
        description: 'Revokes the live code; answers the same when there is none.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await revokeInviteCode(app.db, request.auth.workspaceId);
      return { message: invitationMessages.revoked };
    },
  );
};
