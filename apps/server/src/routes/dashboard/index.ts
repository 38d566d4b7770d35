import { dashboardAlerts, dashboardCalendar, dashboardResponse } from '@inventory/contracts/dashboard';
import { calendarParams } from '@inventory/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadAlerts } from '../../domains/dashboard/alerts.ts';
import { loadCalendar } from '../../domains/dashboard/calendar.ts';
import { loadDashboard } from '../../domains/dashboard/dashboard-service.ts';
import { localDateString } from '../../lib/time.ts';
import { bearerSecurity, busyResponse as busy, heavyCall, readErrorResponses as errors } from '../shared-responses.ts';

// /dashboard: the one-call answer of the dashboard screen, and its alerts and calendar alone.
// "Today" is the server's local date, as for deliveries and shortage orders.

const docs = { tags: ['dashboard'], security: bearerSecurity };

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: heavyCall,
      schema: {
        ...docs,
        description: 'Products, capacities, plans around today, alerts, this month’s calendar, stats, revenue and the latest records and sales in one answer.',
        response: { 200: dashboardResponse, ...errors, ...busy },
      },
    },
    async (request) => loadDashboard(app.db, request.auth.workspaceId, localDateString()),
  );

  app.get('/alerts', { config: heavyCall, schema: { ...docs, response: { 200: dashboardAlerts, ...errors, ...busy } } }, async (request) =>
    loadAlerts(app.db, request.auth.workspaceId, localDateString()),
  );

  app.get(
    '/calendar/:year/:month',
    { config: heavyCall, schema: { ...docs, params: calendarParams, response: { 200: dashboardCalendar, ...errors, ...busy } } },
    async (request) => loadCalendar(app.db, request.auth.workspaceId, request.params.year, request.params.month, localDateString()),
  );
};
