import { calendarParams, order, ordersListQuery, updateOrderBody } from '@inventory/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyPageOf } from '../../db/sql-helpers.ts';
import { dueDates } from '../../domains/orders/order-due.ts';
import { deleteOrder, deliverOrder, updateOrder } from '../../domains/orders/order-service.ts';
import { findOrder, listOrders, listOrdersDueBetween } from '../../domains/orders/orders-repository.ts';
import { notFound } from '../../lib/http-error.ts';
import { localDateString, monthBounds } from '../../lib/time.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  messageResponse,
  notFoundMessages,
  readErrorResponses as errors,
} from '../shared-responses.ts';

const docs = { tags: ['orders'], security: bearerSecurity };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description:
          'Orders of the workspace, newest order date first, then newest order; at most `limit` (1,000 unless given, at most 10,000). ' +
          'The next page: before_date (order_date) and before_id of the last order of this one. ' +
          'due=overdue or due=upcoming keeps the open orders the dashboard alerts count (expected before today; today to 3 days ahead).',
        querystring: ordersListQuery,
        response: { 200: z.array(order), ...errors, ...busy },
      },
    },
    async (request) => {
      const { due } = request.query;
      return listOrders(app.db, request.auth.workspaceId, historyPageOf(request.query), due && dueDates(due, localDateString()));
    },
  );

  app.get(
    '/calendar/:year/:month',
    { schema: { ...docs, params: calendarParams, response: { 200: z.array(order), ...errors } } },
    async (request) => {
      const { year, month } = request.params;
      const { first, next } = monthBounds(year, month);
      return listOrdersDueBetween(app.db, request.auth.workspaceId, first, next);
    },
  );

  app.get('/:id', { schema: { ...docs, params: idParams, response: { 200: order, ...errors } } }, async (request) => {
    const found = await findOrder(app.db, request.auth.workspaceId, request.params.id);
    if (!found) throw notFound(notFoundMessages.order);
    return found;
  });

  app.put(
    '/:id',
    { schema: { ...docs, params: idParams, body: updateOrderBody, response: { 200: order, ...changeErrors } } },
    async (request) => updateOrder(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { ...docs, params: idParams, response: { 200: messageResponse, ...changeErrors } } },
    async (request) => {
      await deleteOrder(app.db, request.auth.workspaceId, request.params.id);
      return { message: '発注を削除しました' };
    },
  );

  app.post(
    '/:id/deliver',
    { schema: { ...docs, params: idParams, response: { 200: order, ...changeErrors } } },
    async (request) => deliverOrder(app.db, request.auth, request.params.id),
  );
};
