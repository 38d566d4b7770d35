import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { VERIFICATION_BANNER_DISMISSED_KEY, VerificationBanner } from './verification-banner.tsx';

function renderBanner(userId = 1) {
  const view = renderWithQueryClient(<VerificationBanner userId={userId} email="taro@example.test" />);
  return { ...view, user: userEvent.setup() };
}

const banner = () => screen.queryByRole('region', { name: 'メールアドレスの認証' });

describe('VerificationBanner', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says the address is unverified and resends to it: 認証メールを再送信しました。メールをご確認ください。', async () => {
    const calls = mockApi({ 'POST /auth/send-verification': () => ({ body: { message: '送信しました' } }) });
    const { user } = renderBanner();
    expect(banner()).toHaveTextContent('メールアドレスが未認証です。');

    await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('認証メールを再送信しました。メールをご確認ください。'));
    expect(calls).toEqual([{ method: 'POST', path: '/auth/send-verification', body: { email: 'taro@example.test' } }]);
  });

  it("toasts the server's refusal, else 認証メールの再送信に失敗しました", async () => {
    let refusal: { status: number; body: object } = { status: 429, body: { error: 'しばらくしてから再度お試しください' } };
    mockApi({ 'POST /auth/send-verification': () => refusal });
    const { user } = renderBanner();

    await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('しばらくしてから再度お試しください'));
    refusal = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: '認証メールを再送信' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('認証メールの再送信に失敗しました'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('keeps the toasts below it while it shows, so they never cover its buttons', async () => {
    mockApi({});
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(37);
    const { user } = renderBanner();
    const barHeight = () => document.documentElement.style.getPropertyValue('--toasts-below-bar');
    expect(barHeight()).toBe('37px');
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(barHeight()).toBe('');
  });

  it('closes for the rest of the session, for this user only', async () => {
    mockApi({});
    const { user, unmount } = renderBanner(1);
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(banner()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(VERIFICATION_BANNER_DISMISSED_KEY)).toBe('1');

    unmount();
    renderBanner(1);
    expect(banner()).not.toBeInTheDocument();

    renderBanner(2);
    expect(banner()).toBeInTheDocument();
  });
});
