import {
  capacity,
  capacitySummary,
  manufactureBody,
  manufactureResponse,
  manufacturingCalendar,
  manufacturingRecord,
  recordsQuery,
  requirementsBody,
  requirementsResult,
  requirementsShortageOrdersBody,
  shortageOrdersResult,
} from '@inventory/contracts/manufacturing';
import { calendarParams } from '@inventory/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCapacity, listCapacities } from '../../domains/manufacturing/capacity.ts';
import { manufactureProduct } from '../../domains/manufacturing/manufacture-service.ts';
import { listRecords, listRecordsDatedBetween } from '../../domains/manufacturing/records-repository.ts';
import { computeRequirements } from '../../domains/manufacturing/requirements.ts';
import { orderRequirementShortages } from '../../domains/manufacturing/shortage-orders.ts';
import { findProduct } from '../../domains/products/products-repository.ts';
import { notFound } from '../../lib/http-error.ts';
import { monthBounds } from '../../lib/time.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  notFoundMessages,
  readErrorResponses as errors,
} from '../shared-responses.ts';
import { planRoutes } from './plans.ts';

// /manufacturing: manufacture, records, capacity, calendar and requirements. Plans are a
// sub-plugin of their own (plans.ts) under /manufacturing/plans.

const docs = { tags: ['manufacturing'], security: bearerSecurity };

export const manufacturingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(planRoutes, { prefix: '/plans' });

  app.post(
    '/products/:id/manufacture',
    { schema: { ...docs, params: idParams, body: manufactureBody, response: { 201: manufactureResponse, ...changeErrors } } },
    async (request, reply) => reply.code(201).send(await manufactureProduct(app.db, request.auth, request.params.id, request.body)),
  );

  app.get(
    '/records',
    { config: heavyCall, schema: { ...docs, querystring: recordsQuery, response: { 200: z.array(manufacturingRecord), ...errors, ...busy } } },
    async (request) => {
      const { limit, product_id: productId, start_date: startDate, end_date: endDate } = request.query;
      if (productId !== undefined && !(await findProduct(app.db, request.auth.workspaceId, productId))) {
        throw notFound(notFoundMessages.product);
      }
      return listRecords(app.db, request.auth.workspaceId, { limit, productId, startDate, endDate });
    },
  );

  app.get(
    '/capacity/all',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'Capacity of every product of the workspace in one query (0 without a recipe).',
        response: { 200: z.array(capacitySummary), ...errors, ...busy },
      },
    },
    async (request) => listCapacities(app.db, request.auth.workspaceId),
  );

  app.get(
    '/capacity/:id',
    { schema: { ...docs, params: idParams, response: { 200: capacity, ...errors } } },
    async (request) => getCapacity(app.db, request.auth.workspaceId, request.params.id),
  );

  app.get(
    '/calendar/:year/:month',
    { schema: { ...docs, params: calendarParams, response: { 200: manufacturingCalendar, ...errors } } },
    async (request) => {
      const { year, month } = request.params;
      const { first, next } = monthBounds(year, month);
      const records = await listRecordsDatedBetween(app.db, request.auth.workspaceId, first, next);
      return {
        events: records.map((record) => ({
          id: `manufacturing-${record.id}`,
          type: 'manufacturing' as const,
          title: `${record.product_name} × ${record.quantity}`,
          date: record.manufacturing_date,
          record_id: record.id,
          product_id: record.product_id,
          product_name: record.product_name,
          quantity: record.quantity,
        })),
      };
    },
  );

  app.post(
    '/requirements',
    { config: heavyCall, schema: { ...docs, body: requirementsBody, response: { 200: requirementsResult, ...errors, ...busy } } },
    async (request) => computeRequirements(app.db, request.auth.workspaceId, request.body),
  );

  app.post(
    '/requirements/order-shortages',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description:
          'One purchase order per part still missing for the requirements (to_order > 0); empty when nothing is missing. Without expected_delivery_date the orders are expected on the requirements start_date (the order date without one or when it is earlier).',
        body: requirementsShortageOrdersBody,
        response: { 201: shortageOrdersResult, ...changeErrors, ...busy },
      },
    },
    async (request, reply) => reply.code(201).send(await orderRequirementShortages(app.db, request.auth, request.body)),
  );
};
