import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the SMTP client gave them. */
  envelope: { from: string | null; to: string[] };
  /** The user the client authenticated as. */
  authUser: string | null;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-secret';

/**
 * A real SMTP server on a random local port, as a mail provider would run it: it demands the
 * credentials SMTP_USER / SMTP_PASSWORD and keeps every message it accepts, decoded.
 */
export async function startSmtpTestServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain connections (no certificate here), with AUTH allowed over them.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            authUser: typeof session.user === 'string' ? session.user : null,
            from: { name: mail.from?.value[0]?.name ?? '', address: mail.from?.value[0]?.address ?? '' },
            to: [mail.to ?? []].flat().map((address) => address.text).join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    /** SMTP_URL for the app under test. */
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    /** The mails received for one address, oldest first. */
    mailsTo: (address: string) => received.filter((mail) => mail.envelope.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The verification link in a mail's text and the token in it. */
export function verificationLinkIn(text: string, appUrl: string): { link: string; token: string } {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no verification link in the mail:\n${text}`);
  return { link: match[0], token: match[1]! };
}
