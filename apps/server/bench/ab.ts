import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

// npm run bench:ab -- <variant> <variant> …: a same-run A/B of the small calls. Each variant is
// `name=checkout` or `name=checkout?ENV=value&ENV=value`: an app server started from that checkout
// (a git worktree with the change, or without it) with those environment variables. All serve one
// SQLite file seeded through the first; every round loads each call on every variant, in a new
// random order, so a busy moment of the machine falls on the variants alike. Prints the median
// requests/s and server CPU per request of each call and variant. Checkouts are relative to
// apps/server, where npm runs the script. Example, this checkout against a worktree of main:
//   git worktree add --detach ../main-copy main && npm run bench:ab -- "change=../.." "main=../../../main-copy"

const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const CONNECTIONS = 10;

interface Variant {
  name: string;
  checkout: string;
  env: Record<string, string>;
}

function parseVariant(argument: string): Variant {
  const [name, rest] = argument.split(/=(.*)/s) as [string, string | undefined];
  if (!rest) throw new Error(`A variant is name=checkout[?ENV=value&…], got "${argument}"`);
  const [checkout, query = ''] = rest.split('?') as [string, string | undefined];
  return { name, checkout: path.resolve(checkout), env: Object.fromEntries(new URLSearchParams(query)) };
}

const variants = process.argv.slice(2).map(parseVariant);
if (variants.length < 2) throw new Error('Give at least two variants, e.g. npm run bench:ab -- "now=." "before=../other-checkout"');

const workDir = mkdtempSync(path.join(os.tmpdir(), 'inventory-ab-'));
const sharedEnv = {
  ...process.env,
  DATABASE_URL: `sqlite:${path.join(workDir, 'ab.db')}`,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
};

interface Server {
  variant: Variant;
  port: number;
  child: ChildProcess;
}

/**
 * The app as `npm start` runs it, logging each request to a file of its own. Unlike run.ts, which
 * forks its own app-server.ts and asks it for its CPU time over IPC, a variant is another checkout
 * (an older commit may have no bench helper at all): its server.ts is spawned as it is, and its CPU
 * time is read from /proc.
 */
function startServer(variant: Variant, port: number): Server {
  const log = openSync(path.join(workDir, `${variant.name}.log`), 'w');
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(variant.checkout, 'apps/server'),
    env: { ...sharedEnv, ...variant.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  return { variant, port, child };
}

async function waitUntilUp(port: number) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server on port ${port} did not start (log in ${workDir})`);
}

/** User and system CPU time of a process so far, in µs (Linux). */
function cpuUsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

const servers = [startServer(variants[0]!, 4100)];
await waitUntilUp(4100);

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:4100/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// A part with its tags and a product with a 20-line recipe, as in the full bench.
const { token } = await post<{ token: string }>('/auth/register', { name: 'ベンチ', email: `ab-${Date.now()}@example.test`, password: 'password123' });
const parts: Array<{ id: number }> = [];
for (let index = 0; index < 20; index++) parts.push(await post('/parts', { name: `部品 ${index}`, current_stock: 100 + index, unit: '個', unit_price: 10 }, token));
const product = await post<{ id: number }>('/products', { name: '商品', current_stock: 5 }, token);
await post(`/products/${product.id}/recipe`, { recipes: parts.map((part) => ({ part_id: part.id, quantity_required: 2 })) }, token);

for (let index = 1; index < variants.length; index++) servers.push(startServer(variants[index]!, 4100 + index));
for (const server of servers) await waitUntilUp(server.port);

const calls = [
  { title: 'GET /api/auth/me', url: '/api/auth/me' },
  { title: 'GET /api/parts/{id}', url: `/api/parts/${parts[3]!.id}` },
  { title: 'GET /api/products/{id}', url: `/api/products/${product.id}` },
  { title: 'GET /api/manufacturing/capacity/{id}', url: `/api/manufacturing/capacity/${product.id}` },
];
const headers = { authorization: `Bearer ${token}` };

async function load(server: Server, url: string, duration: number) {
  const cpuBefore = cpuUsOf(server.child.pid!);
  const result = await autocannon({ url: `http://127.0.0.1:${server.port}${url}`, connections: CONNECTIONS, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.variant.name} ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (cpuUsOf(server.child.pid!) - cpuBefore) / result.requests.total };
}

const shuffled = <T>(items: T[]) => items.map((item) => ({ item, key: Math.random() })).sort((a, b) => a.key - b.key).map(({ item }) => item);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  for (const server of servers) for (const call of calls) await load(server, call.url, 1);
  const measured = new Map<string, Array<{ rps: number; cpuUs: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const call of calls) {
      for (const server of shuffled(servers)) {
        const key = `${server.variant.name}\n${call.title}`;
        measured.set(key, [...(measured.get(key) ?? []), await load(server, call.url, SECONDS)]);
      }
    }
  }
  console.log(`\nSame-run A/B on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, SQLite, ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections; median requests/s, server CPU µs/request`);
  console.log(`| variant | ${calls.map((call) => call.title).join(' | ')} |\n|---|${calls.map(() => '---:').join('|')}|`);
  for (const { variant } of servers) {
    const cells = calls.map((call) => {
      const runs = measured.get(`${variant.name}\n${call.title}`)!;
      return `${Math.round(median(runs.map((run) => run.rps)))} /s, ${Math.round(median(runs.map((run) => run.cpuUs)))} µs`;
    });
    console.log(`| ${variant.name} | ${cells.join(' | ')} |`);
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
