import { API_BASE } from '@inventory/contracts/api-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { server } from './mock-server.ts';

export interface ApiCall {
  method: string;
  /** As the API client writes it, without /api. */
  path: string;
  /** The query string's parameters, present only when the URL has some. */
  query?: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

async function readBody(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  if (type.includes('application/json')) return request.json();
  return undefined;
}

function toResponse({ status = 200, body, headers }: Reply) {
  return status === 204 ? new HttpResponse(null, { status, headers }) : HttpResponse.json(body ?? null, { status, headers });
}

/**
 * Answers API calls for this test through MSW from a table of `METHOD /path` handlers (paths as
 * the API client writes them, without /api, with :params as MSW reads them). Any other API call
 * answers 404, so a test notices a request it did not expect. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const call: ApiCall = { method: request.method, path: url.pathname.slice(API_BASE.length), body: undefined };
    if (url.search) call.query = Object.fromEntries(url.searchParams);
    // Recorded before the body is read, so the list keeps the order in which the requests were sent.
    calls.push(call);
    call.body = await readBody(request);
    return call;
  };
  server.use(
    ...Object.entries(handlers).map(([route, handler]) => {
      const [method = '', path = ''] = route.split(' ');
      return http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](`${API_BASE}${path}`, async ({ request }) =>
        toResponse(await handler(await record(request))),
      );
    }),
    http.all(`${API_BASE}/*`, async ({ request }) => {
      await record(request);
      return toResponse({ status: 404, body: { error: '見つかりません' } });
    }),
  );
  return calls;
}

/**
 * Renders inside a fresh QueryClient without retries, as the app's provider would. Pass
 * `{ reactStrictMode: true }` to run effects twice as main.tsx does: a <StrictMode> inside the
 * provider would not, React does that only for a strict root.
 */
export function renderWithQueryClient(ui: ReactElement, options: Pick<RenderOptions, 'reactStrictMode'> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options);
  return { ...view, queryClient };
}
