import { healthResponse } from '@inventory/contracts/health';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/ping-database.ts';
import { HttpError } from '../lib/http-error.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: errorResponse } } },
    async () => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        throw new HttpError(503, 'データベースに接続できません');
      }
      return { status: 'ok' as const };
    },
  );
};
