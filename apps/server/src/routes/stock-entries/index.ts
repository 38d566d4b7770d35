import { idParam } from '@inventory/contracts/fields';
import { stockEntry } from '@inventory/contracts/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPartStockEntries, listWorkspaceStockEntries } from '../../domains/stock-entries/stock-entries-service.ts';
import { busyResponse as busy, bearerSecurity as security, heavyCall, readErrorResponses as errors } from '../shared-responses.ts';

export const stockEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: heavyCall, schema: { tags: ['stock-entries'], security, response: { 200: z.array(stockEntry), ...errors, ...busy } } },
    async (request) => listWorkspaceStockEntries(app.db, request.auth.workspaceId),
  );

  app.get(
    '/part/:partId',
    {
      schema: {
        tags: ['stock-entries'],
        security,
        params: z.object({ partId: idParam }),
        response: { 200: z.array(stockEntry), ...errors },
      },
    },
    async (request) => listPartStockEntries(app.db, request.auth.workspaceId, request.params.partId),
  );
};
