import { recipeLine, setRecipeBody } from '@inventory/contracts/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRecipe, setRecipe } from '../../domains/products/recipe-service.ts';
import { bearerSecurity as security, changeErrorResponses as errors, idParams } from '../shared-responses.ts';

/** /products/{id}/recipe: the product's bill of materials, read and replaced whole. */
export const productRecipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/recipe',
    { schema: { tags: ['products'], security, params: idParams, response: { 200: z.array(recipeLine), ...errors } } },
    async (request) => getRecipe(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/:id/recipe',
    {
      schema: {
        tags: ['products'],
        security,
        description: 'Replaces the whole recipe; every part must belong to the workspace (inactive parts are allowed).',
        params: idParams,
        body: setRecipeBody,
        response: { 200: z.array(recipeLine), ...errors },
      },
    },
    async (request) => setRecipe(app.db, request.auth.workspaceId, request.params.id, request.body),
  );
};
