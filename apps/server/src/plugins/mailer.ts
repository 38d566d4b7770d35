import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail over SMTP_URL in the background, or writes it to the log when SMTP_URL is unset. */
    mailer: Mailer;
  }
}

/** One mailer per app, closed with it (deliveries under way get a few seconds to finish). */
async function mailer(app: FastifyInstance) {
  const instance = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, log: app.log });
  app.decorate('mailer', instance);
  app.addHook('onClose', () => instance.close());
}

export default fp(mailer, { name: 'mailer' });
