import { valuation, valuationQuery } from '@inventory/contracts/valuation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valuationCsv, valuationCsvDisposition } from '../../domains/valuation/valuation-csv.ts';
import { valueInventory } from '../../domains/valuation/valuation.ts';
import { bearerSecurity, busyResponse as busy, heavyCall, readErrorResponses as errors } from '../shared-responses.ts';

// /inventory: 在庫評価, the stock on a day valued by 最終仕入原価法 or 移動平均法. It reads the
// whole ledger up to the day: heavy calls.

const docs = { tags: ['inventory'], security: bearerSecurity };

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/valuation',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description:
          'Quantities of every part and product on the date (ledger rows by business date) valued by last_purchase (最終仕入原価法) or ' +
          'moving_average (移動平均法); items with no stock on the date are left out.',
        querystring: valuationQuery,
        response: { 200: valuation, ...errors, ...busy },
      },
    },
    async (request) => valueInventory(app.db, request.auth.workspaceId, request.query.date, request.query.method),
  );

  app.get(
    '/valuation.csv',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'The valuation as CSV (UTF-8 with BOM), file 棚卸表_{date}.csv.',
        querystring: valuationQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...errors, ...busy },
      },
    },
    async (request, reply) => {
      const { date, method } = request.query;
      const csv = valuationCsv(await valueInventory(app.db, request.auth.workspaceId, date, method));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', valuationCsvDisposition(date)).send(csv);
    },
  );
};
