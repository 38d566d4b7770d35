import { authResponse, providerCallbackBody, providerUrlResponse } from '@inventory/contracts/auth';
import { errorResponse } from '@inventory/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  finishGoogleSignIn,
  googleRedirectUri,
  googleSignInMessages,
  startGoogleSignIn,
} from '../../domains/auth/google-sign-in.ts';
import { createOidcClient } from '../../domains/auth/oidc-client.ts';
import { HttpError } from '../../lib/http-error.ts';

const errors = {
  400: errorResponse,
  403: errorResponse,
  409: errorResponse,
  429: errorResponse,
  502: errorResponse,
  503: errorResponse,
};

/** Google sign-in through OpenID Connect (OIDC_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { google, oidcIssuer, appUrl, superAdminEmails } = app.config;
  const oidc = google
    ? createOidcClient({
        issuer: oidcIssuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        redirectUri: googleRedirectUri(appUrl),
      })
    : null;
  const requireOidc = () => {
    if (!oidc) throw new HttpError(503, googleSignInMessages.notConfigured);
    return oidc;
  };

  app.get(
    '/google/url',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], response: { 200: providerUrlResponse, ...errors } },
    },
    async (request) => startGoogleSignIn({ db: app.db, oidc: requireOidc(), log: request.log }),
  );

  app.post(
    '/google/callback',
    {
      config: { rateLimit: app.authRateLimit },
      schema: { tags: ['auth'], body: providerCallbackBody, response: { 200: authResponse, ...errors } },
    },
    async (request) =>
      finishGoogleSignIn(
        { db: app.db, signer: app.tokens, superAdminEmails, oidc: requireOidc(), log: request.log },
        request.body,
        request.headers['user-agent'] ?? null,
      ),
  );
};
