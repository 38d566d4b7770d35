import {
  commitStocktakeBody,
  createStocktakeBody,
  stocktake,
  stocktakeCountsBody,
  stocktakeCountsResponse,
  stocktakeSummary,
} from '@inventory/contracts/stocktakes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelStocktake,
  commitStocktake,
  createStocktake,
  getStocktake,
  listStocktakes,
  recordCounts,
  stocktakeMessages,
} from '../../domains/stocktakes/stocktakes-service.ts';
import { bearerSecurity, busyResponse as busy, changeErrorResponses as errors, heavyCall, idParams, messageResponse } from '../shared-responses.ts';

// /stocktakes: 棚卸し. The snapshot, the full stocktake and the commit grow with the workspace
// (up to 20,000 parts): heavy calls. Counts from the phones are small calls.

const docs = { tags: ['stocktakes'], security: bearerSecurity };

export const stocktakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: heavyCall, schema: { ...docs, description: 'Stocktakes of the workspace, newest first, without their lines.', response: { 200: z.array(stocktakeSummary), ...errors, ...busy } } },
    async (request) => listStocktakes(app.db, request.auth.workspaceId),
  );

  app.post(
    '/',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'Snapshots the stock of every item in the scope (zero stock included) as the expected quantities.',
        body: createStocktakeBody,
        response: { 201: stocktake, ...errors, ...busy },
      },
    },
    async (request, reply) => reply.code(201).send(await createStocktake(app.db, request.auth, request.body)),
  );

  app.get(
    '/:id',
    { config: heavyCall, schema: { ...docs, params: idParams, response: { 200: stocktake, ...errors, ...busy } } },
    async (request) => getStocktake(app.db, request.auth.workspaceId, request.params.id),
  );

  app.put(
    '/:id/counts',
    {
      schema: {
        ...docs,
        description: 'Records counts (the last count of a line wins). Answers the lines counted, with the progress.',
        params: idParams,
        body: stocktakeCountsBody,
        response: { 200: stocktakeCountsResponse, ...errors },
      },
    },
    async (request) => recordCounts(app.db, request.auth, request.params.id, request.body),
  );

  app.post(
    '/:id/commit',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description:
          'Sets each counted item to its count plus every movement since the snapshot (ledger kind stocktake), all or none: ' +
          '409 with details listing every item that would go below zero.',
        params: idParams,
        body: commitStocktakeBody,
        response: { 200: stocktake, ...errors, ...busy },
      },
    },
    async (request) => commitStocktake(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { ...docs, description: 'Cancels a stocktake that is still counting.', params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await cancelStocktake(app.db, request.auth, request.params.id);
      return { message: stocktakeMessages.cancelledDone };
    },
  );
};
