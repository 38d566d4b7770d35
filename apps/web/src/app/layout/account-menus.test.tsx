import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { notify } from '../../lib/notify.ts';
import { storeToken, TOKEN_KEY } from '../../lib/token-storage.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAuthUser } from '../../testing/make-user.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { UserMenu } from './user-menu.tsx';

const account = makeAuthUser({ name: '山田太郎' });

// The menus as the top bar shows them: only while someone is signed in.
function SignedInOnly({ render }: { render: (user: typeof account) => ReactElement }) {
  const user = useAuthStore((state) => state.user);
  return user ? render(user) : null;
}

function renderMenu(menu: (user: typeof account) => ReactElement) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/parts']}>
      <Routes>
        <Route path="/parts" element={<SignedInOnly render={menu} />} />
        <Route path="/login" element={<p>ログイン画面</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const menus = {
  desktop: {
    render: (user: typeof account) => <UserMenu user={user} />,
    choose: async (user: ReturnType<typeof userEvent.setup>, label: string) => {
      await user.click(screen.getByRole('button', { name: 'ユーザーメニュー: 山田太郎' }));
      await user.click(await screen.findByRole('menuitem', { name: label }));
    },
  },
  mobile: {
    render: (user: typeof account) => <MobileMenu user={user} onNavigate={() => {}} />,
    choose: async (user: ReturnType<typeof userEvent.setup>, label: string) => {
      await user.click(screen.getByRole('button', { name: label }));
    },
  },
};

describe.each(Object.entries(menus))('account safety in the %s user menu', (_name, menu) => {
  beforeEach(() => {
    storeToken('tok');
    useAuthStore.setState({ status: 'authenticated', user: account, token: 'tok' });
    vi.spyOn(notify, 'success').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens パスワード変更 (loaded on open) and changes the password', async () => {
    const calls = mockApi({ 'POST /auth/change-password': () => ({ body: { message: 'ok' } }) });
    const user = renderMenu(menu.render);
    await menu.choose(user, 'パスワード変更');

    const dialog = await screen.findByRole('dialog', { name: 'パスワード変更' });
    await user.type(within(dialog).getByLabelText('現在のパスワード'), 'old-password');
    await user.type(within(dialog).getByLabelText('新しいパスワード'), 'new-password-1');
    await user.type(within(dialog).getByLabelText('新しいパスワード（確認）'), 'new-password-1');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => call.path)).toEqual(['/auth/change-password']);
    expect(notify.success).toHaveBeenCalledWith('パスワードを変更しました', 'ほかの端末ではログアウトされました');
    expect(useAuthStore.getState().status).toBe('authenticated');
  });

  it('logs out everywhere after the confirmation, then clears the session and goes to /login with a toast', async () => {
    const calls = mockApi({ 'POST /auth/logout-all': () => ({ body: { message: 'ok' } }) });
    const user = renderMenu(menu.render);
    await menu.choose(user, 'すべての端末からログアウト');

    const dialog = await screen.findByRole('dialog', { name: 'すべての端末からログアウト' });
    await user.click(within(dialog).getByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByText('ログイン画面')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/auth/logout-all']);
    expect(notify.success).toHaveBeenCalledWith('すべての端末からログアウトしました');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(useAuthStore.getState().status).toBe('signedOut');
  });
});
