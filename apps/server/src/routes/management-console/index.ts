import {
  adminStats,
  announcement,
  announcementBody,
  announcementsResponse,
} from '@inventory/contracts/management-console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadAdminStats } from '../../domains/admin-stats/admin-stats.ts';
import {
  deleteAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '../../domains/announcements/announcements-repository.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  bearerSecurity,
  busyResponse as busy,
  heavyCall,
  idParams,
  messageResponse,
  notFoundMessages,
  readErrorResponses as errors,
} from '../shared-responses.ts';

// /management-console (管理画面): system-wide statistics and announcements. Registered in the
// signed-in scope (authenticate runs first). The active announcements are for every signed-in
// user; everything else is for super admins only.

const docs = { tags: ['management-console'], security: bearerSecurity };

export const ANNOUNCEMENT_DELETED_MESSAGE = '告知を削除しました';

export const managementConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/announcements/active',
    {
      schema: {
        ...docs,
        description: 'Active announcements, newest first: every signed-in user of any workspace sees them as banners.',
        response: { 200: announcementsResponse, ...errors },
      },
    },
    async () => listAnnouncements(app.db, { activeOnly: true }),
  );

  await app.register(superAdminRoutes);
};

const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route of this scope is the super admin's. The guard runs before the id and the body are
  // checked, so anyone else gets 403 whatever they send, and learns nothing about the rules.
  app.addHook('preValidation', app.requireSuperAdmin);

  app.get(
    '/stats',
    { config: heavyCall, schema: { ...docs, description: 'Counts across every workspace.', response: { 200: adminStats, ...errors, ...busy } } },
    async () => loadAdminStats(app.db),
  );

  app.get(
    '/announcements',
    { schema: { ...docs, description: 'Every announcement, newest first.', response: { 200: announcementsResponse, ...errors } } },
    async () => listAnnouncements(app.db),
  );

  app.post(
    '/announcements',
    { schema: { ...docs, body: announcementBody, response: { 201: announcement, ...errors } } },
    async (request, reply) => reply.code(201).send(await insertAnnouncement(app.db, request.body, request.auth.userId)),
  );

  app.put(
    '/announcements/:id',
    {
      schema: {
        ...docs,
        description: 'Replaces the whole announcement (is_active defaults to true when left out).',
        params: idParams,
        body: announcementBody,
        response: { 200: announcement, ...errors },
      },
    },
    async (request) => {
      const updated = await updateAnnouncement(app.db, request.params.id, request.body);
      if (!updated) throw notFound(notFoundMessages.announcement);
      return updated;
    },
  );

  app.delete(
    '/announcements/:id',
    { schema: { ...docs, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      if (!(await deleteAnnouncement(app.db, request.params.id))) throw notFound(notFoundMessages.announcement);
      return { message: ANNOUNCEMENT_DELETED_MESSAGE };
    },
  );
};
