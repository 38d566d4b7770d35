import { idParam } from '@inventory/contracts/fields';
import { historyPageQuery } from '@inventory/contracts/history-page';
import { stockEntry } from '@inventory/contracts/parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyPageOf } from '../../db/sql-helpers.ts';
import { listPartStockEntries, listWorkspaceStockEntries } from '../../domains/stock-entries/stock-entries-service.ts';
import { busyResponse as busy, bearerSecurity as security, heavyCall, readErrorResponses as errors } from '../shared-responses.ts';

const PAGE_DESCRIPTION =
  'newest entry date first, then newest entry; at most `limit` (1,000 unless given, at most 10,000). ' +
  'The next page: before_date and before_id of the last entry of this one.';

export const stockEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: heavyCall,
      schema: {
        tags: ['stock-entries'],
        security,
        description: `Receipts of the workspace, ${PAGE_DESCRIPTION}`,
        querystring: historyPageQuery,
        response: { 200: z.array(stockEntry), ...errors, ...busy },
      },
    },
    async (request) => listWorkspaceStockEntries(app.db, request.auth.workspaceId, historyPageOf(request.query)),
  );

  app.get(
    '/part/:partId',
    {
      schema: {
        tags: ['stock-entries'],
        security,
        description: `Receipts of the part, ${PAGE_DESCRIPTION}`,
        params: z.object({ partId: idParam }),
        querystring: historyPageQuery,
        response: { 200: z.array(stockEntry), ...errors },
      },
    },
    async (request) => listPartStockEntries(app.db, request.auth.workspaceId, request.params.partId, historyPageOf(request.query)),
  );
};
