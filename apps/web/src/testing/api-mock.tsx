import type { Tag } from '@inventory/contracts/tags';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

let nextTagId = 1;

/** A tag as GET /tags answers it, with overrides. */
export function makeTag(overrides: Partial<Tag> = {}): Tag {
  const id = overrides.id ?? nextTagId++;
  return {
    id,
    name: `タグ${id}`,
    color: '#3B82F6',
    part_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * Replaces fetch with a table of `METHOD /path` handlers (paths as the API client writes them,
 * without /api). Unknown calls answer 404, so a test notices a request it did not expect.
 * Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = input.replace(/^\/api/, '');
      const body =
        init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      const reply = handler ? await handler(call) : { status: 404, body: { error: '見つかりません' } };
      const status = reply.status ?? 200;
      if (status === 204) return new Response(null, { status });
      return new Response(JSON.stringify(reply.body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders inside a fresh QueryClient without retries, as the app's provider would. */
export function renderWithQueryClient(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...view, queryClient };
}
