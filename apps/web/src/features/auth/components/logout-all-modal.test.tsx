import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { storeToken, TOKEN_KEY } from '../../../lib/token-storage.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeAuthUser } from '../../../testing/make-user.ts';
import { LogoutAllModal } from './logout-all-modal.tsx';

function renderModal(handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  const onSignedOut = vi.fn();
  renderWithQueryClient(<LogoutAllModal onClose={onClose} onSignedOut={onSignedOut} />);
  return { user: userEvent.setup(), calls, onClose, onSignedOut };
}

describe('LogoutAllModal', () => {
  beforeEach(() => {
    storeToken('tok');
    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser(), token: 'tok' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks first and sends nothing on キャンセル', async () => {
    const { user, calls, onClose } = renderModal({});
    expect(screen.getByRole('dialog', { name: 'すべての端末からログアウト' })).toHaveTextContent(
      'この端末を含む、ログイン中のすべての端末からログアウトします。',
    );
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('ends every session, clears the local one and hands over', async () => {
    const { user, calls, onSignedOut } = renderModal({ 'POST /auth/logout-all': () => ({ body: { message: 'ok' } }) });
    await user.click(screen.getByRole('button', { name: 'ログアウト' }));

    await waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce());
    expect(calls).toEqual([{ method: 'POST', path: '/auth/logout-all', body: undefined }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null, token: null });
  });

  it("keeps this session and says why when the server refuses: the other devices are still signed in", async () => {
    const { user, onSignedOut } = renderModal({ 'POST /auth/logout-all': () => ({ status: 500, body: {} }) });
    await user.click(screen.getByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('すべての端末からのログアウトに失敗しました');
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});
