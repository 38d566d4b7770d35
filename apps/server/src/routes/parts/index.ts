import { PARTS_TOTAL_HEADER } from '@inventory/contracts/api-paths';
import { createOrderBody, order } from '@inventory/contracts/orders';
import {
  createPartBody,
  movementsQuery,
  part,
  partListItem,
  type PartListItem,
  partsListQuery,
  stockEntryBody,
  stockEntryResponse,
  stockMovement,
  updatePartBody,
} from '@inventory/contracts/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOrder } from '../../domains/orders/order-service.ts';
import { listPartMovements } from '../../domains/parts/part-movements.ts';
import { listPartsJson } from '../../domains/parts/parts-list-json.ts';
import { countParts, listParts } from '../../domains/parts/parts-repository.ts';
import { createPart, deletePart, getPart, partMessages, updatePart } from '../../domains/parts/parts-service.ts';
import { receiveStock } from '../../domains/stock-entries/receive-stock.ts';
import {
  busyResponse as busy,
  bearerSecurity as security,
  changeErrorResponses as errors,
  heavyCall,
  idParams as partParams,
  messageResponse,
} from '../shared-responses.ts';
import { partsCsvRoutes } from './csv.ts';
import { partTagsRoutes } from './tags.ts';

// /parts: the part itself, its receipts, orders and stock history. The CSV calls and the tag
// links are sub-plugins of their own (csv.ts, tags.ts) under the same prefix.

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(partsCsvRoutes);
  await app.register(partTagsRoutes);

  app.get(
    '/',
    {
      config: heavyCall,
      schema: {
        tags: ['parts'],
        security,
        description:
          'Every part of the workspace in id order, without the timestamps (GET /parts/{id} has them). With `limit`, the first parts in the same order, and the header X-Total-Count with the number of every part.',
        querystring: partsListQuery,
        response: { 200: z.array(partListItem), ...errors, ...busy },
      },
    },
    // The database writes the JSON itself (see parts-list-json.ts); a string sent as
    // application/json goes out as it is, so the cast only tells the type provider so.
    async (request, reply) => {
      const { workspaceId } = request.auth;
      const { limit } = request.query;
      if (limit !== undefined) reply.header(PARTS_TOTAL_HEADER, await countParts(app.db, workspaceId));
      return reply.type('application/json; charset=utf-8').send((await listPartsJson(app.db, workspaceId, limit)) as unknown as PartListItem[]);
    },
  );

  app.get(
    '/low-stock',
    {
      config: heavyCall,
      schema: {
        tags: ['parts'],
        security,
        description: 'Parts whose current stock is at or below their minimum (current_stock <= min_stock_alert).',
        response: { 200: z.array(part), ...errors, ...busy },
      },
    },
    async (request) => listParts(app.db, request.auth.workspaceId, { lowStockOnly: true }),
  );

  app.get(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: part, ...errors } } },
    async (request) => getPart(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/',
    { schema: { tags: ['parts'], security, body: createPartBody, response: { 201: part, ...errors } } },
    async (request, reply) => reply.code(201).send(await createPart(app.db, request.auth, request.body)),
  );

  app.put(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, body: updatePartBody, response: { 200: part, ...errors } } },
    async (request) => updatePart(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['parts'], security, params: partParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deletePart(app.db, request.auth.workspaceId, request.params.id);
      return { message: partMessages.deleted };
    },
  );

  app.post(
    '/:id/stock-entry',
    {
      schema: { tags: ['parts'], security, params: partParams, body: stockEntryBody, response: { 201: stockEntryResponse, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await receiveStock(app.db, request.auth, request.params.id, request.body)),
  );

  app.post(
    '/:id/order',
    { schema: { tags: ['parts'], security, params: partParams, body: createOrderBody, response: { 201: order, ...errors } } },
    async (request, reply) => reply.code(201).send(await createOrder(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    '/:id/movements',
    {
      schema: {
        tags: ['parts'],
        security,
        params: partParams,
        querystring: movementsQuery,
        response: { 200: z.array(stockMovement), ...errors },
      },
    },
    async (request) => listPartMovements(app.db, request.auth.workspaceId, request.params.id, request.query.limit),
  );
};
