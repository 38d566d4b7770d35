import { z } from 'zod';
import { authResponse, membershipRole } from './auth.ts';
import { emailField, newPasswordField, optionalText } from './fields.ts';

// The account's own safety: a forgotten password, the second factor (TOTP), passkeys, the
// signed-in devices and, after an account was taken over by proof of its address, the
// workspaces it had before.

/** A secret from a mail link or an earlier answer: base64url, never longer than this. */
function secretToken(label: string, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(200, `${label}が正しくありません`);
}

/** POST /auth/forgot-password: the same 202 answer whether or not the address has an account. */
export const forgotPasswordBody = z.object({ email: emailField() });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST /auth/reset-password: the token of the mail link and the new password (the sign-up rules). */
export const resetPasswordBody = z.object({
  token: secretToken('再設定リンク', '再設定リンクのトークンが指定されていません'),
  password: newPasswordField(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The answer of a password check when the account has a second factor: no session yet. */
export const mfaRequiredResponse = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponse>;

/** POST /auth/login and POST /auth/reset-password: a session, or the second step first. */
export const signInResponse = z.union([authResponse, mfaRequiredResponse]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** Digits of an authenticator app's code (spaces the app shows between them are dropped). */
export const TOTP_DIGITS = 6;

const totpCode = z
  .string({ error: '確認コードは必須です' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, '確認コードは必須です')
      .regex(/^[0-9]{6}$/, `確認コードは${TOTP_DIGITS}桁の数字で入力してください`),
  );

/** A code of the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const totpOrRecoveryCode = z
  .string({ error: '確認コードは必須です' })
  .trim()
  .min(1, '確認コードは必須です')
  .max(40, '確認コードが正しくありません');

/** POST /auth/login/totp: the second step of a sign-in. */
export const loginTotpBody = z.object({
  mfa_token: secretToken('ログインの手続き', 'ログインの手続きが見つかりません。もう一度ログインしてください'),
  code: totpOrRecoveryCode,
});
export type LoginTotpBody = z.input<typeof loginTotpBody>;

/** POST /auth/totp/setup: a new secret, shown as a QR code (otpauth_url) and as text. */
export const totpSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /auth/totp/enable: one valid code of the new secret. */
export const totpEnableBody = z.object({ code: totpCode });
export type TotpEnableBody = z.input<typeof totpEnableBody>;

export const RECOVERY_CODE_COUNT = 10;

/** The recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** POST /auth/totp/disable: the password, or for an account without one a code (app or recovery). */
export const totpDisableBody = z
  .object({
    password: z.string({ error: 'パスワードは文字列で入力してください' }).max(200, 'パスワードが長すぎます').optional(),
    code: totpOrRecoveryCode.optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code), { error: 'パスワードまたは確認コードを入力してください' });
export type TotpDisableBody = z.input<typeof totpDisableBody>;

/** GET /auth/account: what アカウント設定 shows of the account's safety. */
export const accountSecurity = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  /** False for an account made by Google sign-in that has not set a password yet. */
  has_password: z.boolean(),
  totp_enabled: z.boolean(),
  /** Unused recovery codes (0 while TOTP is off). */
  recovery_codes_remaining: z.number(),
  google_linked: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

export const passkey = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeysResponse = z.array(passkey);

const PASSKEY_RESPONSE_MESSAGE = 'パスキーの応答が正しくありません';
const base64url = z.string({ error: PASSKEY_RESPONSE_MESSAGE }).max(16_384, PASSKEY_RESPONSE_MESSAGE).regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_RESPONSE_MESSAGE);

/** What navigator.credentials.create() gave, as @simplewebauthn/browser hands it over. */
export const passkeyRegistrationResponse = z.looseObject(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key', { error: PASSKEY_RESPONSE_MESSAGE }),
    response: z.looseObject(
      {
        clientDataJSON: base64url,
        attestationObject: base64url,
        transports: z.array(z.string().max(40)).max(10).optional(),
      },
      { error: PASSKEY_RESPONSE_MESSAGE },
    ),
    clientExtensionResults: z.looseObject({}, { error: PASSKEY_RESPONSE_MESSAGE }),
    authenticatorAttachment: z.string().max(40).optional(),
  },
  { error: PASSKEY_RESPONSE_MESSAGE },
);

/** What navigator.credentials.get() gave. */
export const passkeyAuthenticationResponse = z.looseObject(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key', { error: PASSKEY_RESPONSE_MESSAGE }),
    response: z.looseObject(
      {
        clientDataJSON: base64url,
        authenticatorData: base64url,
        signature: base64url,
        userHandle: base64url.optional(),
      },
      { error: PASSKEY_RESPONSE_MESSAGE },
    ),
    clientExtensionResults: z.looseObject({}, { error: PASSKEY_RESPONSE_MESSAGE }),
    authenticatorAttachment: z.string().max(40).optional(),
  },
  { error: PASSKEY_RESPONSE_MESSAGE },
);

export const PASSKEY_NAME_MAX = 100;

/** POST /auth/passkeys/register/verify: the browser's answer and an optional name (else the browser and OS). */
export const passkeyRegisterVerifyBody = z.object({
  response: passkeyRegistrationResponse,
  name: optionalText('パスキー名', PASSKEY_NAME_MAX),
});
export type PasskeyRegisterVerifyBody = z.input<typeof passkeyRegisterVerifyBody>;

/** POST /auth/passkeys/login/verify. */
export const passkeyLoginVerifyBody = z.object({ response: passkeyAuthenticationResponse });
export type PasskeyLoginVerifyBody = z.input<typeof passkeyLoginVerifyBody>;

/**
 * The options for navigator.credentials.create() / get(), as @simplewebauthn/server makes them
 * (its PublicKeyCredential…OptionsJSON): handed to @simplewebauthn/browser unchanged.
 */
export const passkeyOptionsResponse = z.looseObject({ challenge: z.string() });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

/** GET /auth/sessions: a live session of the user (a signed-in device). */
export const signedInDevice = z.object({
  id: z.string(),
  /** From the User-Agent, e.g. "Chrome 131"; null when it was not sent or not recognised. */
  browser: z.string().nullable(),
  /** e.g. "Windows 10", "iOS 18.1"; null when unknown. */
  os: z.string().nullable(),
  /** desktop, mobile or tablet; null when unknown. */
  device_type: z.string().nullable(),
  signed_in_at: z.string(),
  /** The last signed-in request, to the minute. */
  last_seen_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;
export const signedInDevicesResponse = z.array(signedInDevice);

/** `/:id` of a session: its id as the list gives it. */
export const sessionIdParams = z.object({
  id: z
    .string({ error: 'IDが正しくありません' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'IDが正しくありません'),
});

/**
 * GET /auth/previous-workspaces: after the account was taken over by proof of its address (a
 * Google sign-in or a reset of an account never verified), the workspaces it belonged to before,
 * with their members, until the owner keeps or leaves each one.
 */
export const previousWorkspace = z.object({
  id: z.number(),
  workspace_name: z.string(),
  role: membershipRole,
  members: z.array(
    z.object({ name: z.string(), email: z.string(), role: membershipRole, is_active: z.boolean(), email_verified: z.boolean() }),
  ),
});
export type PreviousWorkspace = z.infer<typeof previousWorkspace>;
export const previousWorkspacesResponse = z.array(previousWorkspace);
