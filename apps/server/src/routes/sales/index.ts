import { sale } from '@inventory/contracts/sales';
import {
  productSalesStatistics,
  salesFilterQuery,
  salesListQuery,
  salesSummary,
  salesTrendPoint,
  salesTrendQuery,
  updateSaleBody,
} from '@inventory/contracts/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { findProduct } from '../../domains/products/products-repository.ts';
import { listSales, type SalesFilters } from '../../domains/sales/sales-repository.ts';
import { getSalesSummary, getSalesTrend, listProductSalesStatistics } from '../../domains/sales/sales-reports.ts';
import { deleteSale, saleMessages, updateSale } from '../../domains/sales/sales-service.ts';
import { notFound } from '../../lib/http-error.ts';
import { salesImportRoutes } from './import.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  messageResponse,
  notFoundMessages,
  readErrorResponses as errors,
} from '../shared-responses.ts';

// /sales (販売管理): the list, the reports, and the edit and delete of one sale. Sales are made
// by POST /products/{id}/sell, or imported from a shop's order file (import.ts, /sales/import).

const docs = { tags: ['sales'], security: bearerSecurity };

interface FilterQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
  product_id?: number | undefined;
}

/** The query's filters; a product filter naming no product of the workspace is a 404, as for manufacturing records. */
async function filtersOf(db: Db, workspaceId: number, query: FilterQuery): Promise<SalesFilters> {
  if (query.product_id !== undefined && !(await findProduct(db, workspaceId, query.product_id))) throw notFound(notFoundMessages.product);
  return { startDate: query.start_date, endDate: query.end_date, productId: query.product_id };
}

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(salesImportRoutes, { prefix: '/import' });

  app.get(
    '/',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'Sales of the period (dates inclusive), newest sale date first, then newest sale.',
        querystring: salesListQuery,
        response: { 200: z.array(sale), ...errors, ...busy },
      },
    },
    async (request) => {
      const filters = await filtersOf(app.db, request.auth.workspaceId, request.query);
      return listSales(app.db, request.auth.workspaceId, filters, request.query.limit);
    },
  );

  app.get(
    '/summary',
    { config: heavyCall, schema: { ...docs, querystring: salesFilterQuery, response: { 200: salesSummary, ...errors, ...busy } } },
    async (request) => getSalesSummary(app.db, request.auth.workspaceId, await filtersOf(app.db, request.auth.workspaceId, request.query)),
  );

  app.get(
    '/by-product',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'Totals per product and name as recorded on the sales, largest sales amount first.',
        querystring: salesFilterQuery,
        response: { 200: z.array(productSalesStatistics), ...errors, ...busy },
      },
    },
    async (request) => listProductSalesStatistics(app.db, request.auth.workspaceId, await filtersOf(app.db, request.auth.workspaceId, request.query)),
  );

  app.get(
    '/trend',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description:
          'Totals of the last N calendar months up to the current one (server date), oldest first, months without sales as 0; of one product with product_id.',
        querystring: salesTrendQuery,
        response: { 200: z.array(salesTrendPoint), ...errors, ...busy },
      },
    },
    async (request) => {
      const { productId } = await filtersOf(app.db, request.auth.workspaceId, request.query);
      return getSalesTrend(app.db, request.auth.workspaceId, { months: request.query.months, productId });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        ...docs,
        description: 'Edits the sale; a change of product or quantity moves stock (409 when not enough).',
        params: idParams,
        body: updateSaleBody,
        response: { 200: sale, ...changeErrors },
      },
    },
    async (request) => updateSale(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...docs,
        description: 'Deletes the sale and gives its quantity back to the product (if the product still exists).',
        params: idParams,
        response: { 200: messageResponse, ...changeErrors },
      },
    },
    async (request) => {
      await deleteSale(app.db, request.auth, request.params.id);
      return { message: saleMessages.deleted };
    },
  );
};
