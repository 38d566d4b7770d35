import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { baseTestConfig } from './base-test-config.ts';

// The app in a process of its own, as `npm start` runs it, for tests that measure it from
// outside: its event loop then runs nothing but the app (started by child-process.ts). Argument:
// JSON { databaseUrl, overrides }. Sends { type: 'listening', port }; on 'close' it closes and
// sends { type: 'closed', longestBlockMs }: the longest its event loop was held up while listening.

export type AppProcessMessage = { type: 'listening'; port: number } | { type: 'closed'; longestBlockMs: number };

const { databaseUrl, overrides } = JSON.parse(process.argv[2]!) as { databaseUrl: string; overrides?: Partial<AppConfig> };
const app = await buildApp(baseTestConfig(databaseUrl, overrides));
await app.listen({ port: 0, host: '127.0.0.1' });
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const address = app.server.address();
process.send!({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 } satisfies AppProcessMessage);
process.on('message', (message) => {
  if (message !== 'close') return;
  delay.disable();
  void app.close().then(() => process.send!({ type: 'closed', longestBlockMs: delay.max / 1e6 } satisfies AppProcessMessage, () => process.exit(0)));
});
