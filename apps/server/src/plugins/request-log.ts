import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * Values of query parameters that carry secrets, matched by name: the verification link's token
 * (the mail's link opens the web page /verify-email?token=…) and the provider's code and state
 * (it sends the browser back to /auth/google/callback?code=…&state=…). Whoever reads the log
 * could otherwise verify that address, or finish that Google sign-in before the browser does.
 */
const SECRET_QUERY_VALUES = /([?&](?:token|code|state|password|secret|[a-z_]*_token)=)[^&#]*/gi;

/** The URL as logged: the path and query, with the values of secret parameters replaced. */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_VALUES, '$1[redacted]') : url;
}

/**
 * One line per request, written when the answer is sent, instead of Fastify's two ("incoming
 * request" + "request completed", with its request serializer): measured on a bare hello world,
 * the two lines cost about a third of its throughput, one plain line about half of that.
 * Errors still log through the error handler.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime, ip: request.ip };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Where log lines go instead of standard output (one JSON line per write). */
export interface LogStream {
  write(line: string): void;
}

/** Logger settings of the app; the benchmark's hello world uses the same, so the comparison is fair. */
export function loggingOptions(level: AppConfig['logLevel'], stream?: LogStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (level === 'silent') return { logger: false };
  return { logger: { level, ...(stream ? { stream } : {}) }, logController: new OneLinePerRequest() };
}
