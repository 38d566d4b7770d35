import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { baseTestConfig } from './base-test-config.ts';

export { TEST_JWT_SECRET } from './base-test-config.ts';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const databaseUrl = process.env.TEST_DATABASE === 'postgres' ? inject('postgresUrl') : 'sqlite::memory:';
  return baseTestConfig(databaseUrl, overrides);
}

/** A real app on this run's database (SQLite in memory, or the run's PostgreSQL database); closed after the file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides));
  afterAll(() => app.close());
  return app;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** app.inject with a bearer token and a JSON body. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  { token, body, headers = {}, remoteAddress }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
