import { productCost, productCostSummary } from '@inventory/contracts/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProductCost, listProductCosts } from '../../domains/products/product-cost.ts';
import { busyResponse as busy, bearerSecurity as security, heavyCall, readErrorResponses as errors, idParams } from '../shared-responses.ts';

/** /products/…/cost: recipe cost, profit and margin of one product or of all at once. */
export const productCostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cost/all',
    {
      config: heavyCall,
      schema: {
        tags: ['products'],
        security,
        description: 'Cost summary of every product of the workspace, computed in one query.',
        response: { 200: z.array(productCostSummary), ...errors, ...busy },
      },
    },
    async (request) => listProductCosts(app.db, request.auth.workspaceId),
  );

  app.get(
    '/:id/cost',
    { schema: { tags: ['products'], security, params: idParams, response: { 200: productCost, ...errors } } },
    async (request) => getProductCost(app.db, request.auth.workspaceId, request.params.id),
  );
};
