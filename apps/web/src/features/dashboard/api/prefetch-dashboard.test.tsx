import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi } from '../../../testing/api-mock.tsx';
import { makeDashboard } from '../../../testing/make-dashboard.ts';
import { useDashboard } from './get-dashboard.ts';
import { prefetchDashboard } from './prefetch-dashboard.ts';

function Stats() {
  const { data } = useDashboard();
  return data ? <p>部品 {data.stats.parts}</p> : null;
}

describe('the dashboard route prefetch', () => {
  it('is the one call of the visit: the screen mounting just after it does not ask again', async () => {
    const calls = mockApi({ 'GET /dashboard': () => ({ body: makeDashboard() }) });
    // The dashboard's answer is stale at once (staleTime 0), whatever the app's default.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchDashboard(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKeys.dashboard.overview)?.status).toBe('success'));
    render(
      <QueryClientProvider client={queryClient}>
        <Stats />
      </QueryClientProvider>,
    );
    await screen.findByText(/^部品 /);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(1);
  });
});
