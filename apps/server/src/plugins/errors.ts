import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { apiSecurityHeaders } from './security-headers.ts';

// Every error answers {error: <Japanese message>}; never a stack trace.

const messagesByFastifyCode: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'リクエストの形式が正しくありません（JSONを読み取れません）'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'リクエストの本文が空です'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'リクエストが大きすぎます'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '対応していない形式のリクエストです'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'リクエストの長さが正しくありません'],
  FST_REQ_FILE_TOO_LARGE: [413, 'ファイルが大きすぎます'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'ファイルの送信形式が正しくありません'],
  FST_ERR_BAD_URL: [400, 'URLの形式が正しくありません'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URLが長すぎます'],
};

const messagesByStatus: Record<number, string> = {
  400: 'リクエストの内容が正しくありません',
  401: 'ログインが必要です',
  403: 'この操作を行う権限がありません',
  404: '見つかりません',
  405: 'この操作は許可されていません',
  409: '現在の状態ではこの操作を行えません',
  413: 'リクエストが大きすぎます',
  415: '対応していない形式のリクエストです',
  429: 'リクエストが多すぎます。しばらくしてから再度お試しください',
};

export const SERVER_ERROR_MESSAGE = 'サーバーでエラーが発生しました。しばらくしてから再度お試しください';
export const API_NOT_FOUND_MESSAGE = 'APIが見つかりません';

async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply.code(400).send({ error: details[0]?.message ?? messagesByStatus[400], details });
    }
    if (error instanceof HttpError) {
      if ('retryAfter' in error && typeof error.retryAfter === 'number') reply.header('retry-after', error.retryAfter);
      return reply.code(error.statusCode).send({ error: error.message, ...(error.details ? { details: error.details } : {}) });
    }
    const known = 'code' in error && error.code ? messagesByFastifyCode[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[1] });

    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ error: messagesByStatus[status] ?? messagesByStatus[400] });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: SERVER_ERROR_MESSAGE });
  });
}

/**
 * The Fastify option `frameworkErrors`: errors the router meets before any hook or handler runs
 * (a path it cannot decode such as `%ZZ`, a path parameter over 100 characters). No hook runs for
 * them, so they get the security headers here, and the usual `{error}` answer instead of
 * Fastify's English JSON (which repeats the URL). Fastify builds their request without the proxy
 * settings, so it does not see X-Forwarded-Proto: Strict-Transport-Security comes on these only
 * when APP_URL is https.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(reply.server.securityHeadersFor(request));
  const known = messagesByFastifyCode[error.code];
  if (known) return reply.code(known[0]).send({ error: known[1] });
  request.log.error({ err: error }, 'unexpected router error');
  return reply.code(500).send({ error: SERVER_ERROR_MESSAGE });
}

/** What Node refuses before any route runs, by its error code; anything else is 400. */
const clientErrorAnswers: Record<string, [number, string]> = {
  // A request whose headers or body did not arrive within config.httpDeadlines.
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'リクエストの受信が時間内に終わりませんでした。通信環境を確認してもう一度お試しください'],
  HPE_HEADER_OVERFLOW: [431, 'リクエストヘッダーが大きすぎます'],
};

/**
 * The Fastify option `clientErrorHandler`: a connection Node gives up on before any route runs
 * (a deadline of config.httpDeadlines passed, headers too large, bytes that are not HTTP). The
 * answer is written straight on the socket, which is then closed; Fastify's own was English.
 */
export function clientErrors(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // Reset by the client: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswers[error.code] ?? [400, 'リクエストの形式が正しくありません'];
  this.log.info({ code: error.code, ip: socket.remoteAddress }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: message });
    const headers = { ...apiSecurityHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

export default fp(errorHandling, { name: 'errors' });
