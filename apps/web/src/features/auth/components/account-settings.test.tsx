import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { type ApiCall, mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { AccountSettings } from './account-settings.tsx';

const security = { email: 'yamada@example.test', email_verified: true, has_password: true, totp_enabled: false, recovery_codes_remaining: 0, google_linked: false };
const devices = [
  { id: 'this-one', browser: 'Chrome 131', os: 'Windows 10', device_type: 'desktop', signed_in_at: '2026-11-27T01:00:00.000Z', last_seen_at: '2026-11-27T02:00:00.000Z', current: true },
  { id: 'phone', browser: 'Safari 18', os: 'iOS 18.1', device_type: 'mobile', signed_in_at: '2026-11-26T01:00:00.000Z', last_seen_at: '2026-11-26T03:00:00.000Z', current: false },
];
const passkeys = [{ id: 7, name: '作業場のスマホ', created_at: '2026-11-20T01:00:00.000Z', last_used_at: null }];

function renderScreen(overrides: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /auth/account': () => ({ body: security }),
    'GET /auth/sessions': () => ({ body: devices }),
    'GET /auth/passkeys': () => ({ body: passkeys }),
    'GET /auth/previous-workspaces': () => ({ body: [] }),
    ...overrides,
  });
  const onSignedOut = vi.fn();
  renderWithQueryClient(<AccountSettings name="山田太郎" onSignedOutEverywhere={onSignedOut} />);
  return { user: userEvent.setup(), calls, onSignedOut };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('AccountSettings', () => {
  beforeEach(() => vi.spyOn(notify, 'success').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the account, the second factor off, the passkeys and the signed-in devices with this one marked', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'アカウント設定', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('yamada@example.test')).toBeInTheDocument();
    expect(await screen.findByText('作業場のスマホ')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'ログイン中の端末' });
    const [current, phone] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome 131 / Windows 10');
    expect(current).toHaveTextContent('この端末');
    expect(phone).toHaveTextContent('Safari 18 / iOS 18.1');
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '二段階認証を設定する' })).toBeInTheDocument();
  });

  it('signs another device out', async () => {
    const { user, calls } = renderScreen({ 'DELETE /auth/sessions/:id': () => ({ body: { message: 'ok' } }) });
    await user.click(await screen.findByRole('button', { name: 'Safari 18 / iOS 18.1をログアウトさせる' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/auth/sessions/phone', body: undefined }]));
    expect(notify.success).toHaveBeenCalledWith('端末をログアウトさせました');
  });

  it('sets up TOTP: the QR code and the key, a code, then the recovery codes shown once', async () => {
    const { user, calls } = renderScreen({
      'POST /auth/totp/setup': () => ({ body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x:y?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } }),
      'POST /auth/totp/enable': () => ({ body: { recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } }),
    });
    await user.click(await screen.findByRole('button', { name: '二段階認証を設定する' }));
    expect(await screen.findByAltText('認証アプリで読み取るQRコード')).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByRole('button', { name: '有効にする' }));
    expect(await screen.findByText('確認コードは必須です')).toBeInTheDocument();
    await user.type(screen.getByLabelText('確認コード'), '123 456');
    await user.click(screen.getByRole('button', { name: '有効にする' }));
    const codes = await screen.findByRole('list', { name: 'リカバリーコード' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/auth/totp/setup', body: undefined },
      { method: 'POST', path: '/auth/totp/enable', body: { code: '123456' } },
    ]);
    expect(screen.getByRole('button', { name: 'テキストファイルで保存' })).toBeInTheDocument();
  });

  it('shows the workspaces to review after a takeover, with their members, and keeps one', async () => {
    const previous = [{ id: 3, workspace_name: '先回りのワークスペース', role: 'admin', members: [{ name: '仲間', email: 'nakama@example.test', role: 'admin', is_active: true, email_verified: false }] }];
    const { user, calls } = renderScreen({
      'GET /auth/previous-workspaces': () => ({ body: previous }),
      'POST /auth/previous-workspaces/:id/keep': () => ({ body: { message: 'ok' } }),
    });
    const workspace = await screen.findByRole('article', { name: '先回りのワークスペース' });
    expect(workspace).toHaveTextContent('仲間');
    expect(workspace).toHaveTextContent('nakama@example.test');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('別の人がこのメールアドレスで登録して使っていた可能性があります');
    await user.click(within(workspace).getByRole('button', { name: '引き続き利用する' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: '/auth/previous-workspaces/3/keep', body: undefined }]));
  });

  it('offers パスワードを設定 to an account without a password', async () => {
    renderScreen({ 'GET /auth/account': () => ({ body: { ...security, has_password: false, google_linked: true } }) });
    expect(await screen.findByRole('button', { name: 'パスワードを設定' })).toBeInTheDocument();
    expect(screen.getByText('未設定（Googleでログインしています）')).toBeInTheDocument();
  });
});
