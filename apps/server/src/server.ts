import { buildApp } from './app.ts';
import { loadConfigFromEnv } from './config.ts';

// The only file that listens. Configuration comes from the environment (see README).
const config = loadConfigFromEnv();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
if (!config.webDistDir) app.log.warn('The web app is not built (run `npm run build`); only the API is served.');
