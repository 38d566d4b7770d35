import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { testConfig } from './test-app.ts';

export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** Pino's numeric levels. */
export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** A test app logging at info level, as in production, into an array the test reads. */
export async function createLoggedTestApp(overrides: Partial<AppConfig> = {}): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const logStream = {
    write(chunk: string) {
      for (const line of chunk.trim().split('\n')) lines.push(JSON.parse(line) as LogLine);
    },
  };
  const app = await buildApp(testConfig({ logLevel: 'info', ...overrides }), { logStream });
  afterAll(() => app.close());
  return { app, lines };
}
