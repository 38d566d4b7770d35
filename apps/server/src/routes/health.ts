import { healthResponse } from '@inventory/contracts/health';
import { errorResponse } from '@inventory/contracts/fields';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: errorResponse } } },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        throw new HttpError(503, 'データベースに接続できません');
      }
      return { status: 'ok' as const };
    },
  );
};
