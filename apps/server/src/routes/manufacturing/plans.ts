import {
  createPlanBody,
  PLAN_MESSAGES,
  plan,
  planRangeParams,
  plansQuery,
  requirementsResult,
  shortageOrdersBody,
  shortageOrdersResult,
  updatePlanBody,
} from '@inventory/contracts/manufacturing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPlans, listPlansOverlapping } from '../../domains/manufacturing/plans-repository.ts';
import { createPlan, deletePlan, getPlan, updatePlan } from '../../domains/manufacturing/plans-service.ts';
import { computePlanRequirements } from '../../domains/manufacturing/requirements.ts';
import { orderPlanShortages } from '../../domains/manufacturing/shortage-orders.ts';
import { badRequest } from '../../lib/http-error.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  changeErrorResponses as changeErrors,
  heavyCall,
  idParams,
  messageResponse,
  readErrorResponses as errors,
} from '../shared-responses.ts';

// /manufacturing/plans: plans (製造計画), their requirements and their shortage orders.

const docs = { tags: ['manufacturing plans'], security: bearerSecurity };

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: heavyCall, schema: { ...docs, querystring: plansQuery, response: { 200: z.array(plan), ...errors, ...busy } } },
    async (request) => listPlans(app.db, request.auth.workspaceId, { status: request.query.status }),
  );

  app.post(
    '/',
    { schema: { ...docs, body: createPlanBody, response: { 201: plan, ...errors } } },
    async (request, reply) => reply.code(201).send(await createPlan(app.db, request.auth, request.body)),
  );

  app.get('/active/list', { schema: { ...docs, response: { 200: z.array(plan), ...errors } } }, async (request) =>
    listPlans(app.db, request.auth.workspaceId, { status: 'active' }),
  );

  app.get(
    '/range/:start/:end',
    {
      schema: {
        ...docs,
        description: 'Plans whose date range overlaps [start, end] (both inclusive), every status.',
        params: planRangeParams,
        response: { 200: z.array(plan), ...errors },
      },
    },
    async (request) => {
      const { start, end } = request.params;
      if (end < start) throw badRequest(PLAN_MESSAGES.endAfterStart);
      return listPlansOverlapping(app.db, request.auth.workspaceId, start, end);
    },
  );

  app.get('/:id', { schema: { ...docs, params: idParams, response: { 200: plan, ...errors } } }, async (request) =>
    getPlan(app.db, request.auth.workspaceId, request.params.id),
  );

  app.put(
    '/:id',
    { schema: { ...docs, params: idParams, body: updatePlanBody, response: { 200: plan, ...errors } } },
    async (request) => updatePlan(app.db, request.auth.workspaceId, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { ...docs, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deletePlan(app.db, request.auth.workspaceId, request.params.id);
      return { message: '製造計画を削除しました' };
    },
  );

  app.get(
    '/:id/requirements',
    { schema: { ...docs, params: idParams, response: { 200: requirementsResult, ...errors } } },
    async (request) => computePlanRequirements(app.db, request.auth.workspaceId, request.params.id),
  );

  app.post(
    '/:id/order-shortages',
    {
      schema: {
        ...docs,
        description:
          "One purchase order per part the plan still misses (to_order > 0), reserved for the plan; empty when nothing is missing. Without expected_delivery_date the orders are expected on the plan's start date (the order date when the plan started before it).",
        params: idParams,
        body: shortageOrdersBody,
        response: { 201: shortageOrdersResult, ...changeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await orderPlanShortages(app.db, request.auth, request.params.id, request.body)),
  );
};
