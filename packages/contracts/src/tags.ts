import { z } from 'zod';
import { ID_MAX, requiredText } from './fields.ts';

export const TAG_NAME_MAX = 50;
export { DEFAULT_TAG_COLOR, TAG_PALETTE } from './tag-colors.ts';

export const tagColor = z
  .string({ error: '色は文字列で指定してください' })
  .regex(/^#[0-9A-Fa-f]{6}$/, '色は#RRGGBB形式で指定してください')
  .transform((value) => value.toUpperCase());

/** The CSV タグ cell joins tag names with ';' (CSV_TAG_SEPARATOR), so a name cannot contain it. */
export const tagName = requiredText('タグ名', TAG_NAME_MAX).refine((name) => !name.includes(';'), {
  error: 'タグ名に「;」は使用できません',
});

export const createTagBody = z.object({
  name: tagName,
  /** When absent the server picks a random palette colour not yet used in the workspace. */
  color: tagColor.optional(),
});
export type CreateTagBody = z.input<typeof createTagBody>;

export const updateTagBody = z
  .object({ name: tagName, color: tagColor })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: '更新する項目を指定してください' });
export type UpdateTagBody = z.input<typeof updateTagBody>;

export const tag = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  /** How many parts carry the tag (a tag in use is deleted only with force). */
  part_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tag = z.infer<typeof tag>;

export const addPartTagBody = z.object({
  tag_id: z
    .number({ error: 'タグIDは数値で指定してください' })
    .int('タグIDが正しくありません')
    .positive('タグIDが正しくありません')
    .max(ID_MAX, 'タグIDが正しくありません'),
});

/** GET /parts/tags/bulk: part id (as a string key) → its tags. */
export const partTagsMap = z.record(z.string(), z.array(tag));
export type PartTagsMap = z.infer<typeof partTagsMap>;

export const tagIdsQuery = z.object({
  tag_ids: z
    .string({ error: 'タグIDを指定してください' })
    .trim()
    .min(1, 'タグIDを指定してください')
    .transform((value, context) => {
      const ids = value.split(',').map((item) => Number(item.trim()));
      if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > ID_MAX)) {
        context.addIssue({ code: 'custom', message: 'タグIDが正しくありません' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});
