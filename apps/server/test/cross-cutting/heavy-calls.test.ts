import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEFAULT_HEAVY_CALL_LIMITS } from '../../src/config.ts';
import { heavyCallKey, SERVER_BUSY_MESSAGE } from '../../src/plugins/heavy-calls.ts';
import { heavyCall } from '../../src/routes/shared-responses.ts';
import { storeInviteCode, registerUser, signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { call, testConfig } from '../helpers/test-app.ts';

// The heavy-call gate in the app (plugins/heavy-calls.ts), with small limits: which routes wait
// for a slot, the 503 answers, and that every way a call can end gives its slot back; and the
// request deadlines (config.httpDeadlines) that end uploads that never finish, which hold no
// slot meanwhile. The gate's own rules (turns, limits) are in fair-gate.test.ts; the load it
// bounds in responsiveness.test.ts.

const LIMITS = { maxActive: 2, maxActivePerKey: 1, maxQueuedPerKey: 1, maxWaitMs: 600 };

const heavyRoutes: string[] = [];
const app = await buildApp(testConfig({ heavyCalls: LIMITS }), {
  onRoute(route: RouteOptions) {
    if (!route.config?.heavy || route.url.startsWith('/api/test/')) return;
    // `/api/parts` is registered as `/api/parts` and `/api/parts/`; HEAD copies every GET.
    for (const method of [route.method].flat()) heavyRoutes.push(`${method} ${route.url.replace(/(.)\/$/, '$1')}`);
  },
});
afterAll(() => app.close());

// Heavy routes of this file only: one held until the test lets it go, one that fails, one that
// streams without end.
const held: Array<() => void> = [];
await app.register(async (scope) => {
  scope.addHook('onRequest', scope.authenticate);
  scope.get('/api/test/held', { config: heavyCall }, () => new Promise((resolve) => held.push(() => resolve({ done: true }))));
  scope.get('/api/test/fails', { config: heavyCall }, async () => {
    throw new Error('the handler failed');
  });
  scope.get('/api/test/endless', { config: heavyCall }, (_request, reply) =>
    reply.type('text/plain').send(
      new Readable({
        read() {
          this.push('x'.repeat(16 * 1024));
        },
      }),
    ),
  );
});

const gate = () => app.heavyCallGate;
const ofWorkspace = heavyCallKey.workspace;
const free = { active: 0, waiting: 0 };
/** Lets the test hold calls: resolves once `count` held calls run. */
const untilHeld = (count: number) => vi.waitFor(() => expect(held.length).toBe(count));

describe('heavy calls', () => {
  it('are exactly the CSV imports and export and the lists and reports that grow with the workspace', () => {
    const routes = [...new Set(heavyRoutes)];
    const gets = routes.filter((route) => route.startsWith('GET '));
    expect(routes.filter((route) => route.startsWith('HEAD ')).sort()).toEqual(gets.map((route) => route.replace('GET', 'HEAD')).sort());
    expect(routes.filter((route) => !route.startsWith('HEAD ')).sort()).toEqual(
      [
        'GET /api/dashboard',
        'GET /api/dashboard/alerts',
        'GET /api/dashboard/calendar/:year/:month',
        'GET /api/management-console/stats',
        'GET /api/manufacturing/capacity/all',
        'GET /api/manufacturing/plans',
        'GET /api/manufacturing/records',
        'GET /api/orders',
        'GET /api/parts',
        'GET /api/parts/export/csv',
        'GET /api/parts/low-stock',
        'GET /api/parts/search/by-tags',
        'GET /api/parts/tags/bulk',
        'GET /api/products',
        'GET /api/products/cost/all',
        'GET /api/sales',
        'GET /api/sales/by-product',
        'GET /api/sales/summary',
        'GET /api/sales/trend',
        'GET /api/stock-entries',
        'GET /api/stocktakes',
        'GET /api/stocktakes/:id',
        'GET /api/inventory/valuation',
        'GET /api/inventory/valuation.csv',
        'GET /api/tags',
        'GET /api/workspace/stats',
        'POST /api/manufacturing/requirements',
        'POST /api/manufacturing/requirements/order-shortages',
        'POST /api/parts/import/csv',
        'POST /api/sales/import',
        'POST /api/sales/import/preview',
        'POST /api/sales/import/sample',
        'POST /api/stocktakes',
        'POST /api/stocktakes/:id/commit',
      ].sort(),
    );
  });

  it('document the 503 answer and the pages of the lists in the OpenAPI document', async () => {
    const document = (await call(app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const heavy = new Set(heavyRoutes.filter((route) => !route.startsWith('HEAD ')).map((route) => route.replace(/:(\w+)/g, '{$1}')));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => '503' in operation.responses)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`),
    );
    // Besides them only the health check (database down) and Google sign-in (not set up) answer 503.
    const others = ['GET /api/auth/google/url', 'GET /api/health', 'POST /api/auth/google/callback'];
    expect([...new Set(documented)].sort()).toEqual([...heavy, ...others].sort());
    expect(document.paths['/api/orders/']?.get).toMatchObject({
      parameters: expect.arrayContaining(['limit', 'before_date', 'before_id'].map((name) => expect.objectContaining({ name, in: 'query' }))),
    });
  });

  it("run one at a time per workspace; one more waits, the next gets 503 with Retry-After; small calls and other workspaces' heavy calls go on", async () => {
    const owner = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const part = await createPart(app, owner.token);
    held.length = 0;

    const first = call(app, 'GET', '/api/test/held', { token: owner.token });
    await untilHeld(1);
    const second = call(app, 'GET', '/api/parts', { token: owner.token });
    await vi.waitFor(() => expect(gate().counts(ofWorkspace(owner.workspaceId))).toEqual({ active: 1, waiting: 1 }));

    const refused = await call(app, 'GET', '/api/sales/summary', { token: owner.token });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: SERVER_BUSY_MESSAGE });
    expect(refused.headers['retry-after']).toBe('1');

    // Not heavy: answered at once, whatever the workspace's heavy calls do.
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token: owner.token })).statusCode).toBe(200);
    // Another workspace (of another client) has a slot of its own.
    expect((await call(app, 'GET', '/api/parts', { token: other.token, remoteAddress: '198.51.100.20' })).statusCode).toBe(200);

    held[0]!();
    expect((await first).json()).toEqual({ done: true });
    const list = await second;
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([part.id]);
    expect(gate().counts()).toEqual(free);
  });

  it("hold no more than a client address's or a user's share either, whatever workspaces they call in", async () => {
    // Two free accounts, each with a workspace of its own, from one address.
    const first = await signedInWorkspace(app);
    const second = await signedInWorkspace(app);
    const elsewhere = await signedInWorkspace(app);
    held.length = 0;
    const holding = call(app, 'GET', '/api/test/held', { token: first.token, remoteAddress: '198.51.100.1' });
    await untilHeld(1);
    const sameAddress = await call(app, 'GET', '/api/parts', { token: second.token, remoteAddress: '198.51.100.1' });
    expect(sameAddress.statusCode).toBe(503);
    expect(sameAddress.json()).toEqual({ error: SERVER_BUSY_MESSAGE });
    expect(gate().counts(heavyCallKey.address('198.51.100.1'))).toEqual({ active: 1, waiting: 0 });
    expect((await call(app, 'GET', '/api/parts', { token: second.token, remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
    held[0]!();
    await holding;

    // One user, member of two workspaces, calling from two addresses.
    const member = await registerUser(app, { invitation_code: await storeInviteCode(app, elsewhere.workspaceId) });
    expect(member.user.current_workspace.id).toBe(elsewhere.workspaceId);
    const workspaces = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json() as Array<{ id: number }>;
    const ownId = workspaces.find((workspace) => workspace.id !== elsewhere.workspaceId)!.id;
    const ownToken = (await call(app, 'POST', `/api/workspace/switch/${ownId}`, { token: member.token })).json().token as string;
    const busy = call(app, 'GET', '/api/test/held', { token: member.token, remoteAddress: '198.51.100.3' });
    await untilHeld(2);
    const sameUser = await call(app, 'GET', '/api/parts', { token: ownToken, remoteAddress: '198.51.100.4' });
    expect(sameUser.statusCode).toBe(503);
    expect(gate().counts(heavyCallKey.user(member.user.id))).toEqual({ active: 1, waiting: 0 });
    held[1]!();
    await busy;
    expect((await call(app, 'GET', '/api/parts', { token: ownToken, remoteAddress: '198.51.100.4' })).statusCode).toBe(200);
    expect(gate().counts()).toEqual(free);
  });

  it('answer 503 to a call that waited longer than the wait allowed, and the slot goes to nobody', async () => {
    const owner = await signedInWorkspace(app);
    held.length = 0;
    const first = call(app, 'GET', '/api/test/held', { token: owner.token });
    await untilHeld(1);
    const started = performance.now();
    const waited = await call(app, 'GET', '/api/orders', { token: owner.token });
    expect(waited.statusCode).toBe(503);
    expect(waited.json().error).toBe(SERVER_BUSY_MESSAGE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LIMITS.maxWaitMs - 20);
    expect(gate().counts()).toEqual({ active: 1, waiting: 0 });
    held[0]!();
    await first;
    expect(gate().counts()).toEqual(free);
  });

  it('give the slot back when the handler fails, and when the call is refused by its schema', async () => {
    const owner = await signedInWorkspace(app);
    const failed = await call(app, 'GET', '/api/test/fails', { token: owner.token });
    expect(failed.statusCode).toBe(500);
    expect(gate().counts()).toEqual(free);
    // Refused before its handler (bad query): it never took a slot.
    expect((await call(app, 'GET', '/api/orders?limit=0', { token: owner.token })).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/orders', { token: owner.token })).statusCode).toBe(200);
    expect(gate().counts()).toEqual(free);
  });

  describe('over real connections', () => {
    let baseUrl = '';
    const get = (path: string, token: string, signal?: AbortSignal) =>
      fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` }, ...(signal ? { signal } : {}) });

    it('a client that leaves while its call waits leaves the queue', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const owner = await signedInWorkspace(app);
      held.length = 0;
      const first = call(app, 'GET', '/api/test/held', { token: owner.token });
      await untilHeld(1);

      const leaving = new AbortController();
      const waiting = get('/api/parts/export/csv', owner.token, leaving.signal).catch((error: unknown) => error);
      await vi.waitFor(() => expect(gate().counts(ofWorkspace(owner.workspaceId))).toEqual({ active: 1, waiting: 1 }));
      leaving.abort();
      expect(await waiting).toMatchObject({ name: 'AbortError' });
      // Well before its wait would run out.
      await vi.waitFor(() => expect(gate().counts()).toEqual({ active: 1, waiting: 0 }), { timeout: 300 });

      held[0]!();
      await first;
      expect(gate().counts()).toEqual(free);
    });

    it('a streamed answer holds its slot while it streams, and gives it back when the client leaves or the stream ends', async () => {
      const owner = await signedInWorkspace(app);
      const leaving = new AbortController();
      const response = await get('/api/test/endless', owner.token, leaving.signal);
      const reader = response.body!.getReader();
      expect((await reader.read()).value?.length).toBeGreaterThan(0);
      expect(gate().counts()).toEqual({ active: 1, waiting: 0 });
      leaving.abort();
      await vi.waitFor(() => expect(gate().counts()).toEqual(free));

      await createPart(app, owner.token, { name: 'エクスポートする部品' });
      const csv = await get('/api/parts/export/csv', owner.token);
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain('エクスポートする部品');
      await vi.waitFor(() => expect(gate().counts()).toEqual(free));
    });
  });
});

describe('requests that never finish arriving, over real connections', () => {
  // Small deadlines, so the test waits a second instead of minutes; the production shares of the gate.
  const DEADLINES = { headersMs: 400, requestMs: 1000, idleMs: 1500 };
  const TIMEOUT_MESSAGE = 'リクエストの受信が時間内に終わりませんでした。通信環境を確認してもう一度お試しください';
  let server: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    server = await buildApp(testConfig({ heavyCalls: { ...DEFAULT_HEAVY_CALL_LIMITS, maxWaitMs: 600 }, httpDeadlines: DEADLINES }));
    await server.register(async (scope) => {
      scope.addHook('onRequest', scope.authenticate);
      scope.get('/api/test/endless', { config: heavyCall }, (_request, reply) =>
        reply.type('text/plain').send(
          new Readable({
            read() {
              this.push('x'.repeat(64 * 1024));
            },
          }),
        ),
      );
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => server.close());

  /**
   * A raw connection that sends `start`, then a byte every `trickleEveryMs` (or nothing more), and
   * reads nothing it is not given. Resolves with what the server wrote and how long the
   * connection stayed open once the server closed it, or with `open: true` after `giveUpMs`.
   */
  function rawRequest(start: string, { trickleEveryMs, giveUpMs = 3000 }: { trickleEveryMs?: number; giveUpMs?: number } = {}) {
    const socket = connect(port, '127.0.0.1');
    const opened = performance.now();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.write(start);
    const trickle = trickleEveryMs ? setInterval(() => socket.write('x'), trickleEveryMs) : undefined;
    return {
      socket,
      closed: new Promise<{ open: boolean; answer: string; openMs: number }>((resolve) => {
        const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
        socket.on('close', () => {
          clearInterval(trickle);
          clearTimeout(giveUp);
          const openMs = performance.now() - opened;
          resolve({ open: openMs >= giveUpMs, answer: Buffer.concat(chunks).toString('utf8'), openMs });
        });
      }),
    };
  }

  /** The headers of a CSV import and the first bytes of its file; the rest never comes. */
  const unfinishedUpload = (token: string) => {
    const boundary = '----never-finished';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="parts.csv"\r\nContent-Type: text/csv\r\n\r\n部品名,単位\n`;
    return (
      `POST /api/parts/import/csv HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${body}`
    );
  };

  it("uploads that trickle or stop hold no heavy-call slot, so other workspaces' lists answer; the request deadline ends them with 408", async () => {
    // Two free accounts, two uploads each: one a byte at a time, one stopped after its first line.
    const attackers = [await signedInWorkspace(server), await signedInWorkspace(server)];
    const other = await signedInWorkspace(server);
    const uploads = attackers.flatMap(({ token }) => [
      rawRequest(unfinishedUpload(token), { trickleEveryMs: 150 }).closed,
      rawRequest(unfinishedUpload(token)).closed,
    ]);
    // And one whose headers never end.
    const headersOnly = rawRequest(`GET /api/parts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${other.token}\r\n`).closed;

    const statuses: number[] = [];
    const headers = { authorization: `Bearer ${other.token}` };
    for (let round = 0; round < 4; round++) {
      await sleep(150);
      for (const path of ['/api/parts', '/api/dashboard']) statuses.push((await fetch(`http://127.0.0.1:${port}${path}`, { headers })).status);
      expect(server.heavyCallGate.counts()).toEqual({ active: 0, waiting: 0 });
    }
    expect(statuses).toEqual(Array(8).fill(200));

    for (const upload of await Promise.all(uploads)) {
      expect(upload.open).toBe(false);
      expect(upload.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(upload.answer).toContain('\r\ncache-control: no-store\r\n');
      expect(JSON.parse(upload.answer.slice(upload.answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: TIMEOUT_MESSAGE });
      expect(upload.openMs).toBeGreaterThanOrEqual(DEADLINES.requestMs - 50);
      expect(upload.openMs).toBeLessThan(DEADLINES.requestMs + 1000);
    }
    const unfinishedHeaders = await headersOnly;
    expect(unfinishedHeaders.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(unfinishedHeaders.openMs).toBeLessThan(DEADLINES.requestMs);

    // A whole upload still goes through.
    const form = new FormData();
    form.append('csv', new Blob(['部品名,単位\nネジ,個\n'], { type: 'text/csv' }), 'parts.csv');
    const done = await fetch(`http://127.0.0.1:${port}/api/parts/import/csv`, { method: 'POST', headers, body: form });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ imported: 1, errors: [] });
  }, 10_000);

  it('a client that stops reading an answer gives its slot back after the idle deadline', async () => {
    const { token } = await signedInWorkspace(server);
    const reader = rawRequest(`GET /api/test/endless HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    // It reads nothing, so it never sees the end either: the server's side is what counts.
    reader.socket.pause();
    const started = performance.now();
    await vi.waitFor(() => expect(server.heavyCallGate.counts()).toEqual({ active: 1, waiting: 0 }));
    // Node suppresses the first timeout after the last write made progress: up to twice the deadline.
    await vi.waitFor(() => expect(server.heavyCallGate.counts()).toEqual({ active: 0, waiting: 0 }), { timeout: 3 * DEADLINES.idleMs, interval: 50 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINES.idleMs - 50);
    reader.socket.destroy();
  }, 10_000);
});
