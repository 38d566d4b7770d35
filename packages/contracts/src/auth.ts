import { z } from 'zod';
import { emailField, newPasswordField, optionalText, singleLineText } from './fields.ts';

export const registerBody = z.object({
  name: singleLineText('名前', 100),
  email: emailField(),
  password: newPasswordField(),
  invitation_code: optionalText('招待コード', 64),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField(),
  password: z.string({ error: 'パスワードは必須です' }).min(1, 'パスワードは必須です').max(200, 'パスワードが長すぎます'),
});
export type LoginBody = z.input<typeof loginBody>;

export const membershipRole = z.enum(['admin', 'member']);
export type MembershipRole = z.infer<typeof membershipRole>;

export const authUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** null while the state is unknown (shown as 確認中). */
  email_verified: z.boolean().nullable(),
  /** Role in the current workspace. */
  role: membershipRole,
  is_active: z.boolean(),
  is_super_admin: z.boolean(),
  last_login: z.string().nullable(),
  current_workspace: z.object({ id: z.number(), workspace_name: z.string() }),
});
export type AuthUser = z.infer<typeof authUser>;

export const authResponse = z.object({ user: authUser, token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = z.object({ user: authUser });
export type MeResponse = z.infer<typeof meResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const providerUrlResponse = z.object({ url: z.string(), state: z.string() });
export type ProviderUrlResponse = z.infer<typeof providerUrlResponse>;

/** GET /auth/users: a member of the current workspace as the member table shows them. */
export const workspaceMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean().nullable(),
  role: membershipRole,
  /** Active in this workspace (アクティブ) or deactivated (無効). */
  is_active: z.boolean(),
  last_login: z.string().nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMember>;
export const workspaceMembersResponse = z.array(workspaceMember);

/** PUT /auth/users/{id}: activate or remove, promote or demote (one or both). */
export const updateMemberBody = z
  .object({
    is_active: z.boolean({ error: '有効状態の値が正しくありません' }).optional(),
    role: z.enum(['admin', 'member'], { error: '役割は管理者またはメンバーを指定してください' }).optional(),
  })
  .refine((body) => body.is_active !== undefined || body.role !== undefined, { error: '変更する項目を指定してください' });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

export const sendVerificationBody = z.object({ email: emailField() });
export type SendVerificationBody = z.input<typeof sendVerificationBody>;

export const verifyEmailBody = z.object({
  token: z.string({ error: '認証トークンが指定されていません' }).trim().min(1, '認証トークンが指定されていません').max(200, '認証トークンが正しくありません'),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

/** POST /auth/google/callback: what the identity provider sent back to /auth/google/callback. */
export const providerCallbackBody = z.object({
  code: z.string({ error: '認証パラメータが不正です' }).min(1, '認証パラメータが不正です').max(2048, '認証パラメータが不正です'),
  state: z.string({ error: '認証パラメータが不正です' }).min(1, '認証パラメータが不正です').max(200, '認証パラメータが不正です'),
});
export type ProviderCallbackBody = z.input<typeof providerCallbackBody>;

/**
 * POST /auth/change-password: ends every other session of the user; this one stays signed in.
 * An account without a password (made by Google sign-in) sets its first one without
 * current_password; any other account must send it.
 */
export const changePasswordBody = z.object({
  current_password: z
    .string({ error: '現在のパスワードは必須です' })
    .max(200, 'パスワードが長すぎます')
    .optional(),
  new_password: newPasswordField(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
