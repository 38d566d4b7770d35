import { movementsQuery, stockMovement } from '@inventory/contracts/parts';
import { copyProductBody, createProductBody, product, sellBody, sellResponse, updateProductBody } from '@inventory/contracts/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listProducts } from '../../domains/products/products-repository.ts';
import {
  copyProduct,
  createProduct,
  deleteProduct,
  getProduct,
  listProductMovements,
  productMessages,
  updateProduct,
} from '../../domains/products/products-service.ts';
import { sellProduct } from '../../domains/sales/sales-service.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  messageResponse,
  readErrorResponses as errors,
} from '../shared-responses.ts';
import { productCostRoutes } from './cost.ts';
import { productRecipeRoutes } from './recipe.ts';

// /products: the product itself, its copy, its sales and its stock history. The recipe and the
// cost calls are sub-plugins of their own (recipe.ts, cost.ts) under the same prefix.

const docs = { tags: ['products'], security: bearerSecurity };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productRecipeRoutes);
  await app.register(productCostRoutes);

  app.get('/', { config: heavyCall, schema: { ...docs, response: { 200: z.array(product), ...errors, ...busy } } }, async (request) =>
    listProducts(app.db, request.auth.workspaceId),
  );

  app.post(
    '/',
    { schema: { ...docs, body: createProductBody, response: { 201: product, ...changeErrors } } },
    async (request, reply) => reply.code(201).send(await createProduct(app.db, request.auth, request.body)),
  );

  app.get(
    '/:id',
    { schema: { ...docs, params: idParams, response: { 200: product, ...errors } } },
    async (request) => getProduct(app.db, request.auth.workspaceId, request.params.id),
  );

  app.put(
    '/:id',
    { schema: { ...docs, params: idParams, body: updateProductBody, response: { 200: product, ...changeErrors } } },
    async (request) => updateProduct(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...docs,
        description: 'Deletes the product with its recipe and plans; its sales and manufacturing records keep the product name.',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteProduct(app.db, request.auth.workspaceId, request.params.id);
      return { message: productMessages.deleted };
    },
  );

  app.post(
    '/:id/copy',
    {
      schema: {
        ...docs,
        description: 'A new product with the fields and recipe of this one, at stock 0 and without history.',
        params: idParams,
        body: copyProductBody,
        response: { 201: product, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await copyProduct(app.db, request.auth.workspaceId, request.params.id, request.body)),
  );

  app.post(
    '/:id/sell',
    { schema: { ...docs, params: idParams, body: sellBody, response: { 201: sellResponse, ...changeErrors } } },
    async (request, reply) => reply.code(201).send(await sellProduct(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    '/:id/movements',
    {
      schema: { ...docs, params: idParams, querystring: movementsQuery, response: { 200: z.array(stockMovement), ...errors } },
    },
    async (request) => listProductMovements(app.db, request.auth.workspaceId, request.params.id, request.query.limit),
  );
};
