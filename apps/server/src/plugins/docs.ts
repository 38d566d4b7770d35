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
  // The docs page brings its own policy (hashes of its scripts), in place of the API's default-src
  // 'none'; like every page it may not be framed.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });
}

export default fp(docs, { name: 'docs' });
