import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import {
  type LocalOidcAccount,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from '../../apps/server/test/helpers/local-oidc-provider.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../../apps/server/test/helpers/smtp-test-server.ts';

// The mail server and the identity provider of the end-to-end run. They live in the global
// setup's process; the test files run in other processes and reach them over a small local HTTP
// endpoint (`servicesUrl`, read by e2e/support/mailbox.ts and identity-provider.ts):
//   GET /mails?to=ADDRESS   the mails the SMTP server accepted for that address, oldest first
//   PUT /oidc/accounts      adds (or replaces, by sub) an account at the provider; JSON body

/** A free port on 127.0.0.1, for a server whose own address must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface TestServices {
  smtp: SmtpTestServer;
  oidc: LocalOidcProvider;
  /** The control endpoint's address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server, the OpenID Connect provider (sending browsers back to `appUrl`) and the control endpoint. */
export async function startTestServices(appUrl: string): Promise<TestServices> {
  const smtp = await startSmtpTestServer();
  const oidc = await startLocalOidcProvider({ redirectUris: [`${appUrl}/auth/google/callback`] });

  const control = http.createServer((req, res) => {
    handle(req)
      .then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      })
      .catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      });
  });

  async function handle(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to');
      if (!to) throw new Error('the query parameter to is required');
      return { status: 200, body: smtp.mailsTo(to) };
    }
    if (req.method === 'PUT' && url.pathname === '/oidc/accounts') {
      const account = JSON.parse(await readBody(req)) as LocalOidcAccount;
      if (typeof account.sub !== 'string' || account.sub === '') throw new Error('an account needs a sub');
      oidc.setAccount(account);
      return { status: 200, body: account };
    }
    return { status: 404, body: { error: `${req.method} ${url.pathname} is not a control call` } };
  }

  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = control.address() as AddressInfo;

  return {
    smtp,
    oidc,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        control.close(() => resolve());
        control.closeAllConnections();
      });
      await Promise.all([oidc.close(), smtp.close()]);
    },
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
