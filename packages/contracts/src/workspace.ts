import { z } from 'zod';
import { membershipRole } from './auth.ts';
import { singleLineText } from './fields.ts';

export const workspaceListItem = z.object({
  id: z.number(),
  workspace_name: z.string(),
  role: membershipRole,
});
export type WorkspaceListItem = z.infer<typeof workspaceListItem>;

export const workspaceListResponse = z.array(workspaceListItem);

export const switchWorkspaceResponse = z.object({ token: z.string() });
export type SwitchWorkspaceResponse = z.infer<typeof switchWorkspaceResponse>;

/** Members a workspace may have: 5 at most (raising it means contacting the developer), 1 at least. */
export const MAX_MEMBERS_LIMIT = 5;
export const MIN_MEMBERS_LIMIT = 1;
export const maxMembersMessages = {
  tooMany: `最大メンバー数は${MAX_MEMBERS_LIMIT}人以下で設定してください`,
  tooFew: `最大メンバー数は${MIN_MEMBERS_LIMIT}人以上で設定してください`,
} as const;

export const workspaceSettings = z.object({
  id: z.number(),
  workspace_name: z.string(),
  max_members: z.number(),
  /** The live invitation code, or null when none (never generated, revoked or expired). */
  invite_code: z.string().nullable(),
  /** ISO timestamp when the live code expires (7 days after it was generated). */
  invite_code_expires: z.string().nullable(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettings>;

/** The longest workspace name the settings accept (a personal workspace's name is cut to it). */
export const WORKSPACE_NAME_MAX = 100;

export const updateWorkspaceSettingsBody = z.object({
  workspace_name: singleLineText('ワークスペース名', WORKSPACE_NAME_MAX),
  max_members: z
    .number({ error: '最大メンバー数は数値で入力してください' })
    .int('最大メンバー数は整数で入力してください')
    .min(MIN_MEMBERS_LIMIT, maxMembersMessages.tooFew)
    .max(MAX_MEMBERS_LIMIT, maxMembersMessages.tooMany),
});
export type UpdateWorkspaceSettingsBody = z.input<typeof updateWorkspaceSettingsBody>;

/** POST /workspace/invite-code: the new code (any earlier code of the workspace stops working). */
export const inviteCodeResponse = z.object({ invite_code: z.string(), invite_code_expires: z.string() });
export type InviteCodeResponse = z.infer<typeof inviteCodeResponse>;

export const joinWorkspaceBody = z.object({
  invitation_code: z
    .string({ error: '招待コードを入力してください' })
    .trim()
    .min(1, '招待コードを入力してください')
    .max(64, '招待コードが正しくありません'),
});
export type JoinWorkspaceBody = z.input<typeof joinWorkspaceBody>;

export const joinWorkspaceResponse = z.object({ message: z.string(), workspace: workspaceListItem });
export type JoinWorkspaceResponse = z.infer<typeof joinWorkspaceResponse>;
