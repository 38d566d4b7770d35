import { previousWorkspacesResponse, sessionIdParams, signedInDevicesResponse } from '@inventory/contracts/account';
import { messageResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceMessages, endSignedInDevice, listSignedInDevices } from '../../domains/auth/signed-in-devices.ts';
import {
  keepPreviousWorkspace,
  leavePreviousWorkspace,
  listPreviousWorkspaces,
  previousWorkspaceMessages,
} from '../../domains/workspaces/previous-workspaces.ts';
import { bearerSecurity as security, idParams } from '../shared-responses.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** アカウント設定: the signed-in devices, and the workspaces to review after a takeover. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The account, whichever workspace the token points at.
  app.addHook('onRequest', app.authenticateSession);

  app.get(
    '/sessions',
    { schema: { tags: ['auth'], security, response: { 200: signedInDevicesResponse, ...errors } } },
    async (request) => listSignedInDevices(app.db, request.session.userId, request.session.sessionId),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        security,
        description: "{id} is one of the caller's live sessions (this one too); another user's answers 404.",
        params: sessionIdParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await endSignedInDevice(app.db, request.session.userId, request.params.id);
      return { message: deviceMessages.ended };
    },
  );

  app.get(
    '/previous-workspaces',
    { schema: { tags: ['auth'], security, response: { 200: previousWorkspacesResponse, ...errors } } },
    async (request) => listPreviousWorkspaces(app.db, request.session.userId),
  );

  app.post(
    '/previous-workspaces/:id/keep',
    { schema: { tags: ['auth'], security, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await keepPreviousWorkspace(app.db, request.session.userId, request.params.id);
      return { message: previousWorkspaceMessages.kept };
    },
  );

  app.delete(
    '/previous-workspaces/:id',
    { schema: { tags: ['auth'], security, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await leavePreviousWorkspace(app.db, request.session.userId, request.params.id);
      return { message: previousWorkspaceMessages.left };
    },
  );
};
