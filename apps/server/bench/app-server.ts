import { buildApp } from '../src/app.ts';
import { loadConfigFromEnv } from '../src/config.ts';

// The real app on the benchmark's database, as `npm start` runs it: request logging on at info,
// written to stdout (which run.ts points at a log file, as a process manager would).
const app = await buildApp({ ...loadConfigFromEnv(), authRateLimitPerMinute: 1_000_000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
// run.ts asks for the CPU time used, to report CPU per request (steadier than requests/s on a busy machine).
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
