import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAuthUser } from '../../testing/make-user.ts';
import { RootLayout } from './root-layout.tsx';

function renderFrame(path: string) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<p>ダッシュボード画面</p>} />
          <Route path="/verify-email" element={<p>メール認証画面</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const bannerName = { name: 'メールアドレスの認証' };

describe('RootLayout: the unverified e-mail banner', () => {
  beforeEach(() => {
    mockApi({});
  });

  it('shows for a signed-in user whose e-mail is unverified', async () => {
    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser({ email_verified: false }), token: 'tok' });
    renderFrame('/');
    expect(await screen.findByRole('region', bannerName)).toHaveTextContent('メールアドレスが未認証です。');
  });

  it.each([
    ['verified', true],
    ['of unknown state (確認中)', null],
  ] as const)('does not show for a user whose e-mail is %s', async (_case, verified) => {
    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser({ email_verified: verified }), token: 'tok' });
    renderFrame('/');
    await screen.findByText('ダッシュボード画面');
    // The banner's code loads lazily; give it the chance to arrive before saying it is absent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', bannerName)).not.toBeInTheDocument();
  });

  it('does not show when signed out', async () => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    renderFrame('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', bannerName)).not.toBeInTheDocument();
  });

  it('does not show on the verification page, which has its own resend', async () => {
    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser({ email_verified: false }), token: 'tok' });
    renderFrame('/verify-email');
    await screen.findByText('メール認証画面');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', bannerName)).not.toBeInTheDocument();
  });
});

describe('RootLayout: the frame while the first page checks the session', () => {
  beforeEach(() => {
    mockApi({});
  });

  it('draws the navigation before the user is known, and the user menu once they are', async () => {
    useAuthStore.setState({ status: 'initializing', user: null, token: null });
    renderFrame('/');
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(nav).toHaveTextContent('部品管理');
    expect(screen.getByRole('button', { name: 'メニューを開く' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ユーザーメニュー/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ログイン' })).not.toBeInTheDocument();

    useAuthStore.setState({ status: 'authenticated', user: makeAuthUser(), token: 'tok' });
    expect(await screen.findByRole('button', { name: 'ユーザーメニュー: 山田太郎' })).toBeInTheDocument();
  });

  it('has no navigation once the session is refused', async () => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    renderFrame('/');
    await screen.findByText('ダッシュボード画面');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン' })).toBeInTheDocument();
  });
});
