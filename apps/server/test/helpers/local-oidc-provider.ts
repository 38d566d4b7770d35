import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) on this machine, standing in for Google in the
// server tests and the end-to-end tests: discovery, a login page, codes bound to PKCE (required),
// signed ID tokens carrying the claims each test chooses. No vitest import, so e2e can use it.
//
// The login page works in a real browser: one button per account (its e-mail and name), or a field
// taking an account's sub or e-mail; キャンセル ends the sign-in with access_denied. Consent is
// granted with the login, as Google does for a returning user.

/** A person at the provider; claims left undefined are not sent. */
export interface LocalOidcAccount {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
}

export interface LocalOidcProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where the client may be sent back to; default the test app's `http://localhost:3000/auth/google/callback`. */
  redirectUris?: string[];
  accounts?: LocalOidcAccount[];
  /** Put email, email_verified and name in the ID token, as Google does (default). False keeps them for userinfo only. */
  claimsInIdToken?: boolean;
}

export interface LocalOidcProvider {
  /** `http://127.0.0.1:{port}`: the value for OIDC_ISSUER. */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Adds the account or replaces the one with the same sub; the next sign-in sees it. */
  setAccount(account: LocalOidcAccount): void;
  removeAccount(sub: string): void;
  /**
   * Plays the browser: follows the authorization URL, signs in as the account with that sub or
   * e-mail, and answers the URL the provider sends the browser back to (with code, state, iss).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startLocalOidcProvider(options: LocalOidcProviderOptions = {}): Promise<LocalOidcProvider> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const redirectUris = options.redirectUris ?? ['http://localhost:3000/auth/google/callback'];
  const clientId = 'local-test-client';
  const clientSecret = randomBytes(24).toString('base64url');

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const accountFor = (login: string) =>
    accounts.get(login) ??
    [...accounts.values()].find((account) => account.email?.toLowerCase() === login.trim().toLowerCase());

  const { privateKey: signingKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...withoutUndefined(account), sub }),
      };
    },
    // Explicit lifetimes (seconds) also keep oidc-provider from printing a notice for each default.
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'local', alg: 'RS256', use: 'sig' }] },
  };
  const provider = new Provider(issuer, configuration);
  const providerHandler = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void providerHandler(req, res);
    handleInteraction(req, res, match[2] ?? '').catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  async function handleInteraction(req: http.IncomingMessage, res: http.ServerResponse, action: string) {
    const details = await provider.interactionDetails(req, res);
    if (action === '/abort') {
      const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
      return provider.interactionFinished(req, res, result);
    }
    if (details.prompt.name === 'consent') {
      const grantId = await grantRequestedScopes(details.session?.accountId ?? '', details.params);
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (action === '/login' && req.method === 'POST') {
      const login = new URLSearchParams(await readBody(req)).get('login') ?? '';
      const account = accountFor(login);
      if (account) {
        const grantId = await grantRequestedScopes(account.sub, details.params);
        return provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } });
      }
      return sendLoginPage(res, details.uid, `アカウント「${login}」はありません`);
    }
    return sendLoginPage(res, details.uid, null);
  }

  async function grantRequestedScopes(accountId: string, params: Record<string, unknown>) {
    const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope ?? 'openid'));
    return grant.save();
  }

  function sendLoginPage(res: http.ServerResponse, uid: string, error: string | null) {
    const action = `/interaction/${encodeURIComponent(uid)}`;
    const buttons = [...accounts.values()]
      .map((account) => {
        const label = `${account.email ?? account.sub}${account.name ? ` (${account.name})` : ''}`;
        return (
          `<li><form method="post" action="${action}/login">` +
          `<input type="hidden" name="login" value="${escapeHtml(account.sub)}">` +
          `<button type="submit">${escapeHtml(label)}</button></form></li>`
        );
      })
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>ローカル OpenID Connect プロバイダー</title></head>
<body>
<h1>ローカル OpenID Connect プロバイダー</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<p>ログインするアカウントを選んでください</p>
<ul>${buttons}</ul>
<form method="post" action="${action}/login">
<label>アカウントIDまたはメールアドレス <input name="login" autocomplete="off"></label>
<button type="submit">ログイン</button>
</form>
<p><a href="${action}/abort">キャンセル</a></p>
</body></html>`);
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    redirectUris,
    setAccount: (account) => void accounts.set(account.sub, account),
    removeAccount: (sub) => void accounts.delete(sub),
    signIn: (authorizationUrl, login) => signInOverHttp(authorizationUrl, login, redirectUris),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (openid-client's, the test's fetches) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/**
 * What a browser does between the app's redirect to the provider and the provider's redirect back:
 * follow redirects with the provider's cookies, and post the login form once.
 */
async function signInOverHttp(authorizationUrl: string, login: string, redirectUris: string[]): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some(
        (attribute) => /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now(),
      );
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };

  let url = new URL(authorizationUrl);
  let loggedIn = false;
  for (let step = 0; step < 10; step += 1) {
    if (redirectUris.some((uri) => url.href.startsWith(`${uri}?`))) return url;
    let response = await request(url);
    if (response.status === 200 && /^\/interaction\//.test(url.pathname) && !loggedIn) {
      await response.text();
      loggedIn = true;
      response = await request(new URL(`${url.pathname}/login`, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login }).toString(),
      });
    }
    const location = response.headers.get('location');
    if (!location) {
      const page = (await response.text()).slice(0, 300);
      throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${page}`);
    }
    await response.arrayBuffer();
    url = new URL(location, url);
  }
  throw new Error('the provider kept redirecting');
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const withoutUndefined = (claims: object) =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
