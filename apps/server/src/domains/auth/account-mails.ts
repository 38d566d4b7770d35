import { createHash, randomBytes } from 'node:crypto';
import { LINE_BREAKS } from '@inventory/contracts/fields';
import type { OutgoingMail } from '../../lib/mailer.ts';

// The mails of the account's safety: the reset link, and a notice after every change that
// someone who took over the account would make (so the owner learns of it from their inbox).

/** A new secret for a mail link or a second step: 32 random bytes, base64url. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** What is stored for a secret token: its SHA-256 (a random 256-bit token needs no salt or slow hash). */
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The name as a greeting line: names are one line (the contracts refuse breaks), and one stored
 * before that, or from elsewhere, still cannot add lines of its own to a mail sent in our name.
 */
export const greetingName = (name: string) => name.replace(new RegExp(`(?:${LINE_BREAKS.source})+`, 'g'), ' ').trim();

const SIGNATURE = ['', '在庫・製造管理'];

export const resetMailSubject = '【在庫・製造管理】パスワードの再設定';

export function passwordResetMail(appUrl: string, user: { name: string; email: string }, token: string): OutgoingMail {
  return {
    to: user.email,
    subject: resetMailSubject,
    text: [
      `${greetingName(user.name)} 様`,
      '',
      'パスワードの再設定が申請されました。下のリンクを開いて、新しいパスワードを設定してください。',
      '',
      `${appUrl}/reset-password?token=${token}`,
      '',
      'このリンクの有効期限は1時間で、1回だけ使えます。新しく申請すると、前のリンクは使えなくなります。',
      'パスワードを再設定すると、ログイン中のすべての端末からログアウトされます。',
      'このメールに心当たりがない場合は、何もせずに破棄してください。パスワードは変わりません。',
      ...SIGNATURE,
    ].join('\n'),
  };
}

export type AccountNotice = 'password-changed' | 'password-set' | 'password-reset' | 'totp-enabled' | 'totp-disabled' | 'passkey-added';

const NOTICES: Record<AccountNotice, { subject: string; lines: string[] }> = {
  'password-changed': {
    subject: '【在庫・製造管理】パスワードが変更されました',
    lines: ['アカウントのパスワードが変更されました。変更した端末以外は、すべてログアウトされています。'],
  },
  'password-set': {
    subject: '【在庫・製造管理】パスワードが設定されました',
    lines: ['アカウントにパスワードが設定されました。これからはメールアドレスとパスワードでもログインできます。'],
  },
  'password-reset': {
    subject: '【在庫・製造管理】パスワードが再設定されました',
    lines: ['再設定メールのリンクから、アカウントのパスワードが再設定されました。ログイン中だった端末は、すべてログアウトされています。'],
  },
  'totp-enabled': {
    subject: '【在庫・製造管理】二段階認証が有効になりました',
    lines: ['アカウントの二段階認証（認証アプリ）が有効になりました。ログインのたびに、認証アプリの確認コードが必要です。'],
  },
  'totp-disabled': {
    subject: '【在庫・製造管理】二段階認証が無効になりました',
    lines: ['アカウントの二段階認証（認証アプリ）が無効になりました。ログインにはパスワードだけが使われます。'],
  },
  'passkey-added': {
    subject: '【在庫・製造管理】パスキーが登録されました',
    lines: ['アカウントに新しいパスキーが登録されました。このパスキーで、パスワードなしでログインできます。'],
  },
};

/** A notice of a change to the account, sent to its address. */
export function accountNoticeMail(appUrl: string, user: { name: string; email: string }, notice: AccountNotice, detail?: string): OutgoingMail {
  const { subject, lines } = NOTICES[notice];
  return {
    to: user.email,
    subject,
    text: [
      `${greetingName(user.name)} 様`,
      '',
      ...lines,
      ...(detail ? [detail] : []),
      `日時: ${new Date().toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}（日本時間）`,
      '',
      'ご自身で操作した場合は、このメールへの対応は不要です。',
      `心当たりがない場合は、すぐに ${appUrl}/forgot-password からパスワードを再設定し、アカウント設定（${appUrl}/account）でログイン中の端末と二段階認証、パスキーを確認してください。`,
      ...SIGNATURE,
    ].join('\n'),
  };
}
