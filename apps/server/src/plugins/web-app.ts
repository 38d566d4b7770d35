import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_NOT_FOUND_MESSAGE } from './errors.ts';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other non-API path so client-side routes survive a reload.
 */
async function webApp(app: FastifyInstance) {
  const root = app.config.webDistDir;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!root || !isPage || request.url === '/api' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ error: API_NOT_FOUND_MESSAGE });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', root, { cacheControl: false });
  });
}

export default fp(webApp, { name: 'web-app' });
