import { scannedItem } from '@inventory/contracts/scan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveScanCode } from '../../domains/scan/scan-service.ts';
import { bearerSecurity as security, readErrorResponses as errors } from '../shared-responses.ts';

// /scan/{code}: the code is URL-encoded, and a label URL holds slashes, so the route takes the
// rest of the path (a named parameter would stop at 100 characters, short of a long APP_URL).

export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/*',
    {
      schema: {
        tags: ['scan'],
        security,
        description:
          'The part or product a scanned code names in the caller\'s workspace: a label URL (…/s/part/{id}, …/s/product/{id}) or a barcode. ' +
          'The part answers its last receipt, which the receive form prefills.',
        params: z.object({ '*': z.string() }),
        response: { 200: scannedItem, ...errors },
      },
    },
    async (request) => resolveScanCode(app.db, request.auth.workspaceId, request.params['*']),
  );
};
