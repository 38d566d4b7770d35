import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the route schemas: page at /api/docs, JSON at /api/docs/json. */
async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: '在庫・製造管理 API', version: '1.0.0', description: 'JSON API of the inventory and manufacturing manager.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(docs, { name: 'docs' });
