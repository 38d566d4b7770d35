import type { JoinWorkspaceResponse } from '@inventory/contracts/workspace';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { notify } from '../../../lib/notify.ts';
import { TOKEN_KEY } from '../../../lib/token-storage.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeAuthUser } from '../../../testing/make-workspace.ts';
import { JOIN_AUTO_CLOSE_MS, JOIN_SWITCH_FAILED_MESSAGE, JoinWorkspaceModal } from './join-workspace-modal.tsx';

const me = makeAuthUser({ role: 'admin', current_workspace: { id: 1, workspace_name: '山田工房' } });
const JOINED: JoinWorkspaceResponse = {
  message: '「佐藤商店」に参加しました',
  workspace: { id: 7, workspace_name: '佐藤商店', role: 'member' },
};

type Handlers = Parameters<typeof mockApi>[0];

/** The modal as the user menu holds it: mounted while open, unmounted by onClose. */
function renderModal(handlers: Handlers = {}) {
  const calls = mockApi({
    'POST /workspace/join': () => ({ body: JOINED }),
    'POST /workspace/switch/7': () => ({ body: { token: 'tok-7' } }),
    'GET /auth/me': () => ({ body: { user: makeAuthUser({ role: 'member', current_workspace: { id: 7, workspace_name: '佐藤商店' } }) } }),
    ...handlers,
  });
  const onClose = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return open ? (
      <JoinWorkspaceModal
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    ) : null;
  }
  const { queryClient } = renderWithQueryClient(<Harness />);
  const reset = vi.spyOn(queryClient, 'resetQueries');
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { user, onClose, sent, reset };
}

const dialog = () => screen.queryByRole('dialog', { name: 'ワークスペースに参加' });

async function join(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('招待コード'), code);
  await user.click(screen.getByRole('button', { name: '参加する' }));
}

describe('JoinWorkspaceModal', () => {
  beforeEach(() => {
    // The clock also moves with real time: Testing Library waits on zero-delay timers that only
    // Jest's fake timers (not Vitest's) get advanced for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(TOKEN_KEY, 'tok-1');
    useAuthStore.setState({ status: 'authenticated', user: me, token: 'tok-1' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'warning').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
  });

  it('refuses a blank code and sends nothing', async () => {
    const { user, sent } = renderModal();
    await join(user, '   ');
    expect(await screen.findByText('招待コードを入力してください')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('招待コード'));
    await user.click(screen.getByRole('button', { name: '参加する' }));
    expect(screen.getByText('招待コードを入力してください')).toBeInTheDocument();
    expect(sent('POST', '/workspace/join')).toEqual([]);
  });

  it('sends the code trimmed, shows the answer, closes after 2 seconds and switches to the joined workspace', async () => {
    const { user, onClose, sent, reset } = renderModal();
    await join(user, '  AB12CD34 ');
    expect(await screen.findByRole('status')).toHaveTextContent('「佐藤商店」に参加しました');
    expect(sent('POST', '/workspace/join').map((call) => call.body)).toEqual([{ invitation_code: 'AB12CD34' }]);
    expect(screen.getByLabelText('招待コード')).toBeDisabled();

    // 500 ms short of the 2 s leaves room for the real time the test itself takes.
    act(() => vi.advanceTimersByTime(JOIN_AUTO_CLOSE_MS - 500));
    expect(dialog()).toBeInTheDocument();
    expect(sent('POST', '/workspace/switch/7')).toEqual([]);
    act(() => vi.advanceTimersByTime(500));
    expect(dialog()).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「佐藤商店」に切り替えました'));
    expect(sent('POST', '/workspace/switch/7')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-7');
    expect(useAuthStore.getState().user?.current_workspace).toEqual({ id: 7, workspace_name: '佐藤商店' });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it('switches at once when closed before the 2 seconds, and only once', async () => {
    const { user, onClose, sent } = renderModal();
    await join(user, 'AB12CD34');
    await screen.findByRole('status');
    // The footer's 閉じる (the header's × bears the same name).
    await user.click(screen.getAllByRole('button', { name: '閉じる' }).at(-1)!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「佐藤商店」に切り替えました'));
    act(() => vi.advanceTimersByTime(JOIN_AUTO_CLOSE_MS));
    expect(sent('POST', '/workspace/switch/7')).toHaveLength(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the user to switch by hand when the switch fails', async () => {
    const { user, sent } = renderModal({ 'POST /workspace/switch/7': () => ({ status: 500, body: {} }) });
    await join(user, 'AB12CD34');
    await screen.findByRole('status');
    act(() => vi.advanceTimersByTime(JOIN_AUTO_CLOSE_MS));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith(JOIN_SWITCH_FAILED_MESSAGE));
    expect(JOIN_SWITCH_FAILED_MESSAGE).toContain('ワークスペース切り替え');
    expect(sent('POST', '/workspace/switch/7')).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user?.current_workspace.id).toBe(1);
  });

  it('cannot be closed while the request is pending', async () => {
    let answer: (value: { body: JoinWorkspaceResponse }) => void = () => {};
    const { user, onClose } = renderModal({ 'POST /workspace/join': () => new Promise((resolve) => (answer = resolve)) });
    await join(user, 'AB12CD34');
    expect(await screen.findByRole('button', { name: '参加中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    answer({ body: JOINED });
    expect(await screen.findByRole('status')).toHaveTextContent('「佐藤商店」に参加しました');
  });

  it('closes on Escape and キャンセル without joining or switching', async () => {
    const { user, onClose, sent } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toBeInTheDocument();
    expect(sent('POST', '/workspace/join')).toEqual([]);
    expect(sent('POST', '/workspace/switch/7')).toEqual([]);
  });

  it("shows the server's error, else ワークスペースへの参加に失敗しました, and stays open", async () => {
    let error: string | undefined = '招待コードの有効期限が切れています';
    const { user, onClose } = renderModal({ 'POST /workspace/join': () => ({ status: 400, body: error ? { error } : {} }) });
    await join(user, 'OLDCODE1');
    expect(await screen.findByRole('alert')).toHaveTextContent('招待コードの有効期限が切れています');

    error = undefined;
    await user.click(screen.getByRole('button', { name: '参加する' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('ワークスペースへの参加に失敗しました'));
    expect(dialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
