import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { FairGate, type GateKeys, GateRefusedError, type Release } from '../lib/fair-gate.ts';
import { serviceUnavailable } from '../lib/http-error.ts';

export const SERVER_BUSY_MESSAGE = 'サーバーが混み合っています。しばらくしてから再度お試しください';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A heavy call (CSV import and export, the big lists and reports): it runs only with a slot
     * of the instance's heavy-call gate, see plugins/heavy-calls.ts.
     */
    heavy?: boolean;
  }
  interface FastifyInstance {
    /** The gate of the heavy calls, keyed as heavyCallKey says (read by tests). */
    heavyCallGate: FairGate<string>;
  }
}

/** The keys of the heavy-call gate: a call is counted under its workspace, its user and its client address. */
export const heavyCallKey = {
  workspace: (workspaceId: number) => `workspace ${workspaceId}`,
  user: (userId: number) => `user ${userId}`,
  address: (ip: string) => `address ${ip}`,
};

/** A call queues and takes turns as its workspace; its user and address share its count. */
function heavyCallKeys(request: FastifyRequest): GateKeys<string> {
  return [heavyCallKey.workspace(request.auth.workspaceId), heavyCallKey.user(request.auth.userId), heavyCallKey.address(request.ip)];
}

/**
 * Routes with `config: { heavy: true }` wait for a slot of one gate per instance
 * (config.heavyCalls: 4 at once, 2 per workspace, FairGate), so a workspace that fires every
 * heavy call at once runs two of them at a time and the other calls never wait behind them. The
 * same 2 hold for a user and for a client address, whatever the workspaces they call in, so
 * neither free accounts from one address nor one member of several workspaces takes every slot.
 * A call whose workspace already has 16 waiting, or that waits longer than 5 s, is answered
 * 503 サーバーが混み合っています with Retry-After. The slot is taken last before the handler (after
 * the route's own guards, and after the request's body has been read: JSON by Fastify's parser,
 * the CSV upload by its preValidation hook, both within config.httpDeadlines, so a slow upload
 * holds no slot) and given back when the answer has been sent or the connection closed,
 * whichever comes first: errors, a client that leaves, and streamed answers included. A call
 * that leaves while waiting leaves the queue. Other routes run no hook of this plugin.
 */
async function heavyCalls(app: FastifyInstance) {
  const gate = new FairGate<string>(app.config.heavyCalls);
  const retryAfterSeconds = Math.max(1, Math.ceil(app.config.heavyCalls.maxWaitMs / 1000));
  app.decorate('heavyCallGate', gate);

  async function waitForSlot(request: FastifyRequest, reply: FastifyReply) {
    const response = reply.raw;
    const leaving = new AbortController();
    let release: Release | undefined;
    // 'close' comes after the answer is sent or when the connection goes, whichever is first.
    const onClose = () => (release ? release() : leaving.abort());
    response.once('close', onClose);
    // Closed already (while the session was checked): the listener will not fire, so wait for nothing.
    if (response.destroyed) leaving.abort();
    try {
      release = await gate.acquire(heavyCallKeys(request), leaving.signal);
    } catch (error) {
      response.removeListener('close', onClose);
      if (leaving.signal.aborted) {
        // The answer goes nowhere; it only ends the request.
        request.log.info('client left while waiting for a heavy-call slot');
      } else if (error instanceof GateRefusedError) {
        request.log.warn({ reason: error.reason, ...gate.counts() }, 'heavy call refused');
      } else {
        throw error;
      }
      throw serviceUnavailable(SERVER_BUSY_MESSAGE, retryAfterSeconds);
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.heavy) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), waitForSlot];
  });
}

export default fp(heavyCalls, { name: 'heavy-calls', dependencies: ['auth'] });
