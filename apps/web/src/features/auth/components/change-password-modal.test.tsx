import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

function renderModal(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  renderWithQueryClient(<ChangePasswordModal onClose={onClose} />);
  return { user: userEvent.setup(), calls, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirmation = next) {
  if (current) await user.type(screen.getByLabelText('現在のパスワード'), current);
  if (next) await user.type(screen.getByLabelText('新しいパスワード'), next);
  if (confirmation) await user.type(screen.getByLabelText('新しいパスワード（確認）'), confirmation);
  await user.click(screen.getByRole('button', { name: '変更する' }));
}

describe('ChangePasswordModal', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the current password, a new one of 8 characters or more and its confirmation', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'パスワード変更' });
    expect(screen.getByLabelText('現在のパスワード')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('新しいパスワード')).toHaveAttribute('placeholder', '8文字以上');
    expect(screen.getByLabelText('新しいパスワード（確認）')).toHaveAttribute('type', 'password');
    expect(dialog).toHaveTextContent('変更すると、この端末以外のすべての端末でログアウトされます。');
  });

  it('checks the fields before sending anything', async () => {
    const { user, calls } = renderModal();
    await fill(user, '', 'short', 'other');
    expect(await screen.findByText('現在のパスワードは必須です')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('新しいパスワードが一致しません')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message for a wrong current password and stays open", async () => {
    const { user, onClose } = renderModal({
      'POST /auth/change-password': () => ({ status: 400, body: { error: '現在のパスワードが正しくありません' } }),
    });
    await fill(user, 'wrong-password', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('現在のパスワードが正しくありません');
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('sends the two passwords, toasts パスワードを変更しました with the note about other devices, and closes', async () => {
    const { user, calls, onClose } = renderModal({
      'POST /auth/change-password': () => ({ body: { message: 'パスワードを変更しました' } }),
    });
    await fill(user, 'old-password', 'new-password-1');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'POST', path: '/auth/change-password', body: { current_password: 'old-password', new_password: 'new-password-1' } },
    ]);
    expect(notify.success).toHaveBeenCalledWith('パスワードを変更しました', 'ほかの端末ではログアウトされました');
  });
});

describe('ChangePasswordModal for an account without a password (Google sign-in)', () => {
  beforeEach(() => vi.spyOn(notify, 'success').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('sets a first password without asking for a current one', async () => {
    const calls = mockApi({ 'POST /auth/change-password': () => ({ body: { message: 'パスワードを設定しました' } }) });
    const onClose = vi.fn();
    renderWithQueryClient(<ChangePasswordModal hasPassword={false} onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('現在のパスワード')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'パスワード変更' })).toHaveTextContent('このアカウントにはまだパスワードがありません。');
    await user.type(screen.getByLabelText('新しいパスワード'), 'first-password-1');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'first-password-1');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ method: 'POST', path: '/auth/change-password', body: { new_password: 'first-password-1' } }]);
    expect(notify.success).toHaveBeenCalledWith('パスワードを設定しました', 'ほかの端末ではログアウトされました');
  });
});
