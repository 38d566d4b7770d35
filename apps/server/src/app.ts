import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig, HttpDeadlines, TrustedProxies } from './config.ts';
import auth from './plugins/auth.ts';
import db from './plugins/db.ts';
import docs from './plugins/docs.ts';
import errors, { clientErrors, frameworkErrors } from './plugins/errors.ts';
import heavyCalls from './plugins/heavy-calls.ts';
import mailer from './plugins/mailer.ts';
import rateLimit from './plugins/rate-limit.ts';
import { type LogStream, loggingOptions } from './plugins/request-log.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';
import { apiRoutes } from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  logStream?: LogStream;
  /** Sees every route as it is registered (tests enumerate the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Fastify's form of TRUST_PROXY. A hop count becomes a function of the hop: Fastify reads a plain
 * number as "trust nothing", since a client that reaches the app directly could then write the
 * header that the proxy would have written (docs/decisions.md, Server).
 */
function fastifyTrustProxy(trusted: TrustedProxies) {
  if (typeof trusted !== 'number') return trusted;
  return (_address: string, hop: number) => hop < trusted;
}

/**
 * config.httpDeadlines as Node's server options. Node checks the headers and request deadlines
 * every connectionsCheckingInterval, 30 s unless given, which would let a 60 s deadline run to
 * 90 s: here every second, or four times per headers deadline when that is shorter (tests).
 */
function deadlineOptions({ headersMs, requestMs, idleMs }: HttpDeadlines) {
  return {
    requestTimeout: requestMs,
    connectionTimeout: idleMs,
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: Math.ceil(Math.min(1000, headersMs / 4)) },
  };
}

/**
 * Builds the whole app (plugins, then routes, then the web app) without listening. The log goes
 * to standard output unless a stream is given (tests read it).
 */
export async function buildApp(config: AppConfig, { logStream, onRoute }: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config.logLevel, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...deadlineOptions(config.httpDeadlines),
    frameworkErrors,
    clientErrorHandler: clientErrors,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API and type the handlers at compile time; at run time the
  // data is written as it is: the zod serializer, which checks every answer, cost 18–26 % of the
  // small calls' requests/s in a same-run A/B (docs/performance.md) and more on long lists.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(db);
  // Large answers (lists, CSV, the web app's files) are compressed; request bodies never are, so
  // no decompression hook runs on every request.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(rateLimit);
  await app.register(mailer);
  await app.register(docs);
  await app.register(auth);
  await app.register(heavyCalls);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webApp);
  return app;
}
