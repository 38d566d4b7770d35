import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { OAUTH_STATE_KEY } from '../api/start-google-sign-in.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

function renderButton() {
  const onAttempt = vi.fn();
  renderWithQueryClient(<GoogleSignInButton onAttempt={onAttempt} showError />);
  return { user: userEvent.setup(), onAttempt };
}

describe('GoogleSignInButton', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('reads 認証中... and is disabled while the authorization URL is fetched', async () => {
    let answer: (() => void) | undefined;
    mockApi({
      'GET /auth/google/url': () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 503, body: { error: 'Googleログインは設定されていません' } });
        }),
    });
    const { user, onAttempt } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Googleでログイン' }));

    expect(screen.getByRole('button', { name: '認証中...' })).toBeDisabled();
    expect(onAttempt).toHaveBeenCalledOnce();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByRole('alert')).toHaveTextContent('Googleログインは設定されていません');
    expect(screen.getByRole('button', { name: 'Googleでログイン' })).toBeEnabled();
    expect(sessionStorage.getItem(OAUTH_STATE_KEY)).toBeNull();
  });

  it('falls back to Google認証の開始に失敗しました when the server gives no text', async () => {
    mockApi({ 'GET /auth/google/url': () => ({ status: 500, body: {} }) });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Googleでログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google認証の開始に失敗しました');
  });
});
