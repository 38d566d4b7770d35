import { randomUUID } from 'node:crypto';
import type { CreateTagBody, Tag } from '@inventory/contracts/tags';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

export async function createTag(app: FastifyInstance, token: string, overrides: Partial<CreateTagBody> = {}): Promise<Tag> {
  const response = await call(app, 'POST', '/api/tags', { token, body: { name: `タグ-${randomUUID().slice(0, 8)}`, ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
