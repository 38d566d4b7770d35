import { inject } from 'vitest';
import type { LocalOidcAccount } from '../../apps/server/test/helpers/local-oidc-provider.ts';
import { type ReceivedMail, verificationLinkIn } from '../../apps/server/test/helpers/smtp-test-server.ts';

// The test side of e2e/support/test-services.ts: the mails the run's SMTP server caught, and the
// accounts of its OpenID Connect provider, over the control endpoint.

const servicesUrl = () => inject('servicesUrl');

async function control<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${servicesUrl()}${path}`, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The mails caught for an address so far, oldest first. */
export const mailsTo = (address: string) => control<ReceivedMail[]>(`/mails?to=${encodeURIComponent(address)}`);

/**
 * Waits until `count` mails have arrived for the address (the app sends in the background) and
 * answers them, oldest first; fails after `timeout` ms naming how many came.
 */
export async function waitForMails(address: string, count: number, timeout = 10_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${count} mail(s) expected for ${address} within ${timeout} ms, ${mails.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The verification link in a mail: APP_URL (the address the browser uses) + /verify-email?token=…. */
export const verificationLink = (mail: ReceivedMail) => verificationLinkIn(mail.text, inject('baseUrl')).link;

/** Adds an account to the run's OpenID Connect provider (or replaces the one with its sub). */
export const addProviderAccount = (account: LocalOidcAccount) =>
  control<LocalOidcAccount>('/oidc/accounts', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });

/** The reset link in a mail: APP_URL + /reset-password?token=…. */
export function resetLink(mail: ReceivedMail): string {
  const match = /\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return match[0];
}

/** The reset mails caught for an address so far (the mail of each forgotten-password request). */
export async function waitForResetMails(address: string, count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await mailsTo(address)).filter((mail) => mail.subject === '【在庫・製造管理】パスワードの再設定');
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${count} reset mail(s) expected for ${address}, ${mails.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Proves the address through the API as its owner would with the reset mail (what a listed
 * super-admin address needs for the console): every earlier session ends; answers the new token.
 */
export async function proveAddressByResetMail(baseUrl: string, email: string, password: string): Promise<string> {
  const before = (await mailsTo(email)).filter((mail) => mail.subject === '【在庫・製造管理】パスワードの再設定').length;
  const asked = await fetch(`${baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (asked.status !== 202) throw new Error(`forgot-password: ${asked.status} ${await asked.text()}`);
  const mail = (await waitForResetMails(email, before + 1))[before]!;
  const token = new URL(resetLink(mail)).searchParams.get('token');
  const reset = await fetch(`${baseUrl}/api/auth/reset-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password }) });
  if (!reset.ok) throw new Error(`reset-password: ${reset.status} ${await reset.text()}`);
  return ((await reset.json()) as { token: string }).token;
}
