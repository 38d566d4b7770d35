import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

// The "other user" of the responsiveness test, in a process of its own (child-process.ts) so its
// clock and its requests depend on nothing else's event loop: a server that blocks shows up as a
// slow answer here. It calls each path in turn, one at a time, intervalMs apart, over its own
// keep-alive connection, sends 'ready' after the first round, and on 'stop' reports every call.

export interface SmallCallsOptions {
  baseUrl: string;
  token: string;
  paths: string[];
  intervalMs: number;
}

export interface SmallCallTiming {
  path: string;
  status: number;
  /** From sending the request until the whole answer arrived. */
  ms: number;
  /** When the request was sent (Date.now(), the clock both processes share). */
  at: number;
}

export type SmallCallsMessage = { type: 'ready' } | { type: 'timings'; timings: SmallCallTiming[] };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function poll(options: SmallCallsOptions) {
  const timings: SmallCallTiming[] = [];
  let stopping = false;
  process.on('message', (message) => {
    if (message === 'stop') stopping = true;
  });
  let readySent = false;
  while (!stopping) {
    for (const path of options.paths) {
      const at = Date.now();
      const start = performance.now();
      const status = await get(`${options.baseUrl}${path}`, options.token);
      timings.push({ path, status, ms: performance.now() - start, at });
    }
    if (!readySent) {
      process.send!({ type: 'ready' } satisfies SmallCallsMessage);
      readySent = true;
    }
    await sleep(options.intervalMs);
  }
  process.send!({ type: 'timings', timings } satisfies SmallCallsMessage, () => process.exit(0));
}

await poll(JSON.parse(process.argv[2]!) as SmallCallsOptions);
