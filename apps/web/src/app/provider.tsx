import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { dropOfflineData } from '../lib/offline.ts';
import { watchSessionChanges } from '../lib/session-refresh.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; a network hiccup may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  // Whenever the session ends (logout, an expired or refused session, a token that no longer
  // works), the cached answers of that session go too: whoever signs in next in this tab (another
  // user, or the same one in another workspace, e.g. after being removed from this one) would
  // otherwise see them until they go stale.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (state.status === 'signedOut' && previous.status !== 'signedOut') queryClient.clear();
        // The service worker's offline copy of API answers belongs to one user in one workspace.
        const session = (s: typeof state) => (s.status === 'authenticated' && s.user ? `${s.user.id}/${s.user.current_workspace.id}` : null);
        if (session(previous) !== null && session(state) !== session(previous)) void dropOfflineData();
      }),
    [queryClient],
  );
  useEffect(() => watchSessionChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
