import * as oidc from 'openid-client';
import type { OauthChecks } from './oauth-states-repository.ts';

// The relying-party side of OpenID Connect (openid-client): discovery, the authorization URL with
// state, nonce and PKCE (S256), and the code exchange that checks them. It knows nothing of users.

/** What the provider says about the person, from the ID token (or userinfo for what it lacks). */
export interface ProviderIdentity {
  sub: string;
  email: string | null;
  /** True only when the provider says the e-mail address is verified. */
  emailVerified: boolean;
  name: string | null;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Per request to the provider (discovery, token, userinfo), so a provider that is down cannot hang a sign-in. */
  timeoutSeconds?: number;
}

export interface OidcClient {
  /** A fresh state, nonce and PKCE code_verifier for one sign-in. */
  newChecks(): OauthChecks;
  authorizationUrl(checks: OauthChecks): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and checks state, nonce and the ID token. */
  exchangeCode(code: string, checks: OauthChecks): Promise<ProviderIdentity>;
}

export const OIDC_SCOPE = 'openid email profile';
const DEFAULT_TIMEOUT_SECONDS = 3;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks the issuer at once (a wrong OIDC_ISSUER stops the server at start) and discovers it at
 * the first sign-in. The discovered configuration is kept for the life of the process; a failed
 * discovery is forgotten, so the next sign-in tries again.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const issuer = parseIssuer(options.issuer);
  // openid-client speaks only https; plain http is allowed for a provider on this machine (the
  // tests' local provider), never for one across the network.
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  const timeout = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;

  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, options.clientId, options.clientSecret, undefined, { execute, timeout })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    newChecks: () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() }),

    async authorizationUrl(checks) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: OIDC_SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchangeCode(code, checks) {
      const config = await configuration();
      const metadata = config.serverMetadata();
      // The browser page forwards only code and state. A provider that sends
      // `iss` back (RFC 9207) gets its own discovered issuer here: with one configured provider
      // there is no other one to mix it up with.
      const callbackUrl = new URL(options.redirectUri);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', checks.state);
      if (metadata.authorization_response_iss_parameter_supported) callbackUrl.searchParams.set('iss', metadata.issuer);

      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider answered without an ID token');

      // Google puts email, email_verified and name in the ID token; a provider that keeps them for
      // userinfo is asked there (for the same subject).
      const claims: Record<string, unknown> =
        idToken.email === undefined && metadata.userinfo_endpoint
          ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub }
          : idToken;
      return {
        sub: idToken.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Some providers send the flag as the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

function parseIssuer(value: string): URL {
  let issuer: URL;
  try {
    issuer = new URL(value);
  } catch {
    throw new Error(`OIDC_ISSUER is not a URL: "${value}"`);
  }
  if (issuer.protocol === 'https:' || (issuer.protocol === 'http:' && LOCAL_HOSTS.has(issuer.hostname))) return issuer;
  throw new Error(`OIDC_ISSUER must use https (http only for localhost or 127.0.0.1), got "${value}"`);
}

/**
 * True when the provider could not be reached or failed on its side (network error, timeout,
 * a 5xx answer), as opposed to refusing this sign-in (bad code, nonce, state, signature).
 */
export function isProviderUnavailable(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof oidc.ClientError) {
    return ['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON'].includes(
      error.code ?? '',
    );
  }
  // fetch() rejects with a TypeError (`fetch failed`, the cause says why); openid-client's own
  // argument errors are TypeErrors too, but carry a code.
  return error instanceof TypeError && !('code' in error);
}
