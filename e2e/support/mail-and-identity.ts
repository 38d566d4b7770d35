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
