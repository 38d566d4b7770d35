import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { storeToken } from '../../../lib/token-storage.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeAuthUser } from '../../../testing/make-user.ts';
import { VerifyEmail } from './verify-email.tsx';

// As in the app (main.tsx): StrictMode runs every effect twice in development.
function renderPage(token: string | null) {
  renderWithQueryClient(
    <MemoryRouter>
      <VerifyEmail token={token} />
    </MemoryRouter>,
    { reactStrictMode: true },
  );
  return userEvent.setup();
}

function signIn(overrides: Parameters<typeof makeAuthUser>[0] = {}) {
  const user = makeAuthUser(overrides);
  storeToken('tok');
  useAuthStore.setState({ status: 'authenticated', user, token: 'tok' });
  return user;
}

const verifyCalls = (calls: ReturnType<typeof mockApi>) => calls.filter((call) => call.path === '/auth/verify-email');

describe('VerifyEmail', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says 認証トークンが指定されていません without a token, and calls nothing', () => {
    const calls = mockApi({});
    renderPage(null);
    expect(screen.getByRole('alert')).toHaveTextContent('認証トークンが指定されていません');
    expect(screen.getByRole('button', { name: '認証メールを再送信' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログインページへ' })).toHaveAttribute('href', '/login');
    expect(calls).toEqual([]);
  });

  it('treats a blank token as missing', () => {
    const calls = mockApi({});
    renderPage('   ');
    expect(screen.getByRole('alert')).toHaveTextContent('認証トークンが指定されていません');
    expect(calls).toEqual([]);
  });

  it('shows processing, then success with a link to the dashboard, consuming the token once under StrictMode', async () => {
    let answer: (() => void) | undefined;
    const calls = mockApi({
      'POST /auth/verify-email': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { message: 'メールアドレスを認証しました' } });
        }),
    });
    renderPage('abc123');

    expect(screen.getByRole('status')).toHaveTextContent('メールアドレスを認証しています...');
    await waitFor(() => expect(answer).toBeDefined());
    answer!();

    expect(await screen.findByText('メール認証が完了しました')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスを認証しました')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ダッシュボードへ戻る' })).toHaveAttribute('href', '/');
    expect(verifyCalls(calls)).toEqual([{ method: 'POST', path: '/auth/verify-email', body: { token: 'abc123' } }]);
  });

  it('loads the signed-in user again after success, so the badge reads 認証済み', async () => {
    signIn({ email_verified: false });
    const calls = mockApi({
      'POST /auth/verify-email': () => ({ body: { message: '認証しました' } }),
      'GET /auth/me': () => ({ body: { user: makeAuthUser({ email_verified: true }) } }),
    });
    renderPage('abc123');

    await screen.findByText('メール認証が完了しました');
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { email_verified: true } });
    expect(calls.map((call) => call.path)).toEqual(['/auth/verify-email', '/auth/me']);
  });

  it("shows the server's error with a resend button and a login link", async () => {
    const calls = mockApi({
      'POST /auth/verify-email': () => ({ status: 400, body: { error: '認証リンクの有効期限が切れています' } }),
    });
    renderPage('old');

    expect(await screen.findByRole('alert')).toHaveTextContent('認証リンクの有効期限が切れています');
    expect(screen.getByRole('button', { name: '認証メールを再送信' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログインページへ' })).toHaveAttribute('href', '/login');
    expect(verifyCalls(calls)).toHaveLength(1);
  });

  it('falls back to メール認証に失敗しました when the server gives no text', async () => {
    mockApi({ 'POST /auth/verify-email': () => ({ status: 500, body: {} }) });
    renderPage('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('メール認証に失敗しました');
  });

  describe('resend', () => {
    it('signed out, asks for the address: checks it, sends it and does not say whether it is registered', async () => {
      const calls = mockApi({
        'POST /auth/verify-email': () => ({ status: 400, body: { error: '認証リンクが無効か期限切れです。認証メールを再送信してください' } }),
        'POST /auth/send-verification': () => ({ body: { message: '認証メールを送信しました。メールをご確認ください' } }),
      });
      const user = renderPage('expired');
      const sent = () => calls.filter((call) => call.path === '/auth/send-verification');

      const field = await screen.findByLabelText('メールアドレス');
      await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByText('メールアドレスは必須です')).toBeInTheDocument();
      await user.type(field, 'not-an-address');
      await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
      expect(sent()).toEqual([]);

      await user.clear(field);
      await user.type(field, ' Taro@Example.test ');
      await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'このメールアドレスで登録された未認証のアカウントがあれば、認証メールを送信しました。メールをご確認ください。',
      );
      expect(sent()).toEqual([{ method: 'POST', path: '/auth/send-verification', body: { email: 'taro@example.test' } }]);
      expect(screen.queryByText('認証メールを再送信しました。メールをご確認ください。')).not.toBeInTheDocument();
    });

    it('signed out, shows the per-address limit (429) from the server', async () => {
      mockApi({
        'POST /auth/verify-email': () => ({ status: 400, body: { error: '認証トークンが無効です' } }),
        'POST /auth/send-verification': () => ({ status: 429, body: { error: '認証メールの再送信は1分に1回までです' } }),
      });
      const user = renderPage('abc');
      await user.type(await screen.findByLabelText('メールアドレス'), 'taro@example.test');
      await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByText('認証メールの再送信は1分に1回までです')).toBeInTheDocument();
    });

    it("sends to the signed-in user's address, without asking for it, and says 認証メールを再送信しました。メールをご確認ください。", async () => {
      signIn({ email: 'taro@example.test' });
      const calls = mockApi({
        'POST /auth/verify-email': () => ({ status: 400, body: { error: '認証トークンが無効です' } }),
        'POST /auth/send-verification': () => ({ body: { message: '送信しました' } }),
      });
      const user = renderPage('abc');
      await user.click(await screen.findByRole('button', { name: '認証メールを再送信' }));

      expect(await screen.findByText('認証メールを再送信しました。メールをご確認ください。')).toBeInTheDocument();
      expect(screen.queryByLabelText('メールアドレス')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.path === '/auth/send-verification')).toEqual([
        { method: 'POST', path: '/auth/send-verification', body: { email: 'taro@example.test' } },
      ]);
    });

    it("shows the server's refusal (429), else 認証メールの再送信に失敗しました", async () => {
      signIn();
      let refusal: { status: number; body: object } = { status: 429, body: { error: 'しばらくしてから再度お試しください' } };
      mockApi({
        'POST /auth/verify-email': () => ({ status: 400, body: { error: '認証トークンが無効です' } }),
        'POST /auth/send-verification': () => refusal,
      });
      const user = renderPage('abc');
      await user.click(await screen.findByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByText('しばらくしてから再度お試しください')).toBeInTheDocument();

      refusal = { status: 500, body: {} };
      await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
      expect(await screen.findByText('認証メールの再送信に失敗しました')).toBeInTheDocument();
      expect(screen.queryByText('認証メールを再送信しました。メールをご確認ください。')).not.toBeInTheDocument();
    });
  });
});
