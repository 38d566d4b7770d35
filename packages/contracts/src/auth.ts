import { z } from 'zod';
import { emailField, newPasswordField, optionalText, requiredText } from './fields.ts';

export const registerBody = z.object({
  name: requiredText('名前', 100),
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
