import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Hands a mail over for delivery and returns at once: the request that asked for it never
   * waits for the SMTP server and never fails because of it. The outcome is logged (an
   * undeliverable mail as an error); without SMTP_URL the whole mail is logged at info level.
   */
  send(mail: OutgoingMail): void;
  /**
   * send() of a mail still being prepared (a lookup, a token to store): the request that asked
   * answers without waiting for it, and in the same time whether a mail comes of it or not
   * (null: none). A failure to prepare it is logged as an error.
   */
  sendPrepared(prepared: Promise<OutgoingMail | null>): void;
  /** Resolves once every delivery handed over so far has finished (sent or failed). */
  whenIdle(): Promise<void>;
  /** Lets deliveries under way finish (at most CLOSE_GRACE_MS), then closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
}

// nodemailer waits up to 2 minutes for a connection and 10 for a silent socket by default; a
// mail server that does not answer should show up in the log much sooner.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
export const CLOSE_GRACE_MS = 5_000;

export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl ? smtpMailer(options, options.smtpUrl) : logMailer(options);
  const preparing = new Set<Promise<void>>();

  function sendPrepared(prepared: Promise<OutgoingMail | null>) {
    const handed: Promise<void> = prepared
      .then(
        (mail) => {
          if (mail) mailer.send(mail);
        },
        (error: unknown) => options.log.error({ err: error }, 'mail could not be prepared'),
      )
      .finally(() => preparing.delete(handed));
    preparing.add(handed);
  }

  async function whenIdle() {
    while (preparing.size > 0) await Promise.all(preparing);
    await mailer.whenIdle();
  }

  return {
    send: mailer.send,
    sendPrepared,
    whenIdle,
    close: async () => {
      await Promise.all(preparing);
      await mailer.close();
    },
  };
}

type PlainMailer = Omit<Mailer, 'sendPrepared'>;

function logMailer({ from, log }: MailerOptions): PlainMailer {
  return {
    send({ to, subject, text }) {
      log.info({ mail: { from, to, subject } }, `mail not sent (SMTP_URL is unset), its text follows:\n${text}`);
    },
    whenIdle: async () => {},
    close: async () => {},
  };
}

function smtpMailer({ from, log }: MailerOptions, smtpUrl: string): PlainMailer {

  // One connection per mail (no pool): verification mails are rare, and nothing stays open.
  // Settings in the URL's query (e.g. ?connectionTimeout=…) take precedence over these.
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const aborter = new AbortController();
  const pending = new Set<Promise<void>>();

  function send(mail: OutgoingMail) {
    const about = { to: mail.to, subject: mail.subject };
    const delivery: Promise<void> = transport
      .sendMail({ from, ...mail, signal: aborter.signal })
      .then(
        (info) => log.info({ mail: { ...about, messageId: info.messageId } }, 'mail sent'),
        (error: unknown) => log.error({ err: error, mail: about }, 'mail could not be sent'),
      )
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  async function whenIdle() {
    while (pending.size > 0) await Promise.all(pending);
  }

  async function close() {
    const grace = setTimeout(() => aborter.abort(), CLOSE_GRACE_MS);
    try {
      await whenIdle();
    } finally {
      clearTimeout(grace);
      transport.close();
    }
  }

  return { send, whenIdle, close };
}
