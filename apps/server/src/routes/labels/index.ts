import { labelItem, labelsBody } from '@inventory/contracts/scan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLabelItems } from '../../domains/scan/scan-service.ts';
import { bearerSecurity as security, readErrorResponses as errors } from '../shared-responses.ts';

// /labels: what the label print page prints for the chosen parts and products (at most 1,000).

export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['scan'],
        security,
        description: 'The label of each chosen part and product: name, part number, unit, barcode and the QR code URL (APP_URL/s/{kind}/{id}).',
        body: labelsBody,
        response: { 200: z.array(labelItem), ...errors },
      },
    },
    async (request) => listLabelItems(app.db, request.auth.workspaceId, app.config.appUrl, request.body),
  );
};
