import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../lib/auth-store.ts';
import { makeAuthUser } from '../testing/make-user.ts';
import { AppProvider, createQueryClient } from './provider.tsx';

describe('AppProvider', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser(), token: 'tok' });
  });

  it("drops the cached answers when the session ends (the next user must not see the last one's workspace)", () => {
    const queryClient = createQueryClient();
    render(<AppProvider queryClient={queryClient}>画面</AppProvider>);
    queryClient.setQueryData(['parts'], [{ id: 1, name: '前のワークスペースの部品' }]);

    // A change that keeps the session keeps the cache.
    act(() => useAuthStore.setState({ user: makeAuthUser({ name: '別名' }) }));
    expect(queryClient.getQueryData(['parts'])).toHaveLength(1);

    act(() => useAuthStore.setState({ status: 'signedOut', user: null, token: null }));
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
