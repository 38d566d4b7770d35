import { z } from 'zod';
import { requiredText } from './fields.ts';

/** GET /management-console/stats: system-wide counts for super admins. */
export const adminStats = z.object({
  totalUsers: z.number(),
  totalParts: z.number(),
  totalProducts: z.number(),
  totalWorkspaces: z.number(),
  totalManufacturingRecords: z.number(),
  totalSalesRecords: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 2000;

export const announcementType = z.enum(['info', 'warning', 'error', 'success'], {
  error: '種類は info, warning, error, success のいずれかを指定してください',
});
export type AnnouncementType = z.infer<typeof announcementType>;

export const announcement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  type: announcementType,
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcement>;
export const announcementsResponse = z.array(announcement);

/** POST and PUT /management-console/announcements(/{id}): the whole announcement. */
export const announcementBody = z.object({
  title: requiredText('タイトル', ANNOUNCEMENT_TITLE_MAX),
  content: requiredText('内容', ANNOUNCEMENT_CONTENT_MAX),
  type: announcementType,
  is_active: z.boolean({ error: '公開状態の値が正しくありません' }).default(true),
});
export type AnnouncementBody = z.input<typeof announcementBody>;
