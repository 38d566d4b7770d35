import Fastify from 'fastify';
import { loggingOptions } from '../src/plugins/request-log.ts';

// The floor the app is compared with: Fastify's hello-world route, logging exactly as the app
// does (one info line per request to stdout, see src/plugins/request-log.ts). With
// HELLO_LOGGING=fastify it uses Fastify's default request logging (two lines per request)
// instead, with HELLO_LOGGING=off none: to see what logging itself costs.
const mode = process.env.HELLO_LOGGING ?? 'app';
const app = Fastify(mode === 'app' ? loggingOptions('info') : { logger: mode === 'fastify' ? { level: 'info' } : false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
// run.ts asks for the CPU time used, to report CPU per request (steadier than requests/s on a busy machine).
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
