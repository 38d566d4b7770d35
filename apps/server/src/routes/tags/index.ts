import { createTagBody, tag, updateTagBody } from '@inventory/contracts/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTags } from '../../domains/tags/tags-repository.ts';
import { createTag, deleteTag, getTag, tagMessages, updateTag } from '../../domains/tags/tags-service.ts';
import {
  busyResponse as busy,
  bearerSecurity as security,
  changeErrorResponses as errors,
  heavyCall,
  idParams as tagParams,
  messageResponse,
} from '../shared-responses.ts';

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: heavyCall, schema: { tags: ['tags'], security, response: { 200: z.array(tag), ...errors, ...busy } } },
    async (request) => listTags(app.db, request.auth.workspaceId),
  );

  app.post(
    '/',
    { schema: { tags: ['tags'], security, body: createTagBody, response: { 201: tag, ...errors } } },
    async (request, reply) => reply.code(201).send(await createTag(app.db, request.auth.workspaceId, request.body)),
  );

  app.get(
    '/:id',
    { schema: { tags: ['tags'], security, params: tagParams, response: { 200: tag, ...errors } } },
    async (request) => getTag(app.db, request.auth.workspaceId, request.params.id),
  );

  app.put(
    '/:id',
    { schema: { tags: ['tags'], security, params: tagParams, body: updateTagBody, response: { 200: tag, ...errors } } },
    async (request) => updateTag(app.db, request.auth.workspaceId, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['tags'],
        security,
        description: 'Refused (409) while parts carry the tag; use /tags/{id}/force to remove it from them too.',
        params: tagParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteTag(app.db, request.auth.workspaceId, request.params.id, { force: false });
      return { message: tagMessages.deleted };
    },
  );

  app.delete(
    '/:id/force',
    { schema: { tags: ['tags'], security, params: tagParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deleteTag(app.db, request.auth.workspaceId, request.params.id, { force: true });
      return { message: tagMessages.deleted };
    },
  );
};
