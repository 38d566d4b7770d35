import { idParam } from '@inventory/contracts/fields';
import { part } from '@inventory/contracts/parts';
import { addPartTagBody, partTagsMap, tag, tagIdsQuery } from '@inventory/contracts/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addTagToPart, getPartTagsMap, getTagsOfPart, removeTagFromPart, searchPartsByTags } from '../../domains/parts/part-tags.ts';
import { busyResponse as busy, bearerSecurity as security, changeErrorResponses as errors, heavyCall, idParams as partParams } from '../shared-responses.ts';

/** /parts/…: the tags of parts (links between a part and the workspace's tags). */
export const partTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags/bulk',
    { config: heavyCall, schema: { tags: ['parts'], security, response: { 200: partTagsMap, ...errors, ...busy } } },
    async (request) => getPartTagsMap(app.db, request.auth.workspaceId),
  );

  app.get(
    '/search/by-tags',
    {
      config: heavyCall,
      schema: {
        tags: ['parts'],
        security,
        description: 'Parts carrying ALL the given tags.',
        querystring: tagIdsQuery,
        response: { 200: z.array(part), ...errors, ...busy },
      },
    },
    async (request) => searchPartsByTags(app.db, request.auth.workspaceId, request.query.tag_ids),
  );

  app.get(
    '/:id/tags',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: z.array(tag), ...errors } } },
    async (request) => getTagsOfPart(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/:id/tags',
    {
      schema: { tags: ['parts'], security, params: partParams, body: addPartTagBody, response: { 201: z.array(tag), ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await addTagToPart(app.db, request.auth.workspaceId, request.params.id, request.body.tag_id)),
  );

  app.delete(
    '/:id/tags/:tagId',
    {
      schema: {
        tags: ['parts'],
        security,
        params: z.object({ id: idParam, tagId: idParam }),
        response: { 200: z.array(tag), ...errors },
      },
    },
    async (request) => removeTagFromPart(app.db, request.auth.workspaceId, request.params.id, request.params.tagId),
  );
};
