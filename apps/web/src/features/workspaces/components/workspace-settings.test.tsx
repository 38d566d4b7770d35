import type { WorkspaceMember } from '@inventory/contracts/auth';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeAuthUser, makeMember, makeWorkspaceSettings, makeWorkspaceStats } from '../../../testing/make-workspace.ts';
import { WorkspaceSettings } from './workspace-settings.tsx';

const me = makeAuthUser({ id: 1, name: '山田 太郎' });
const MEMBERS: WorkspaceMember[] = [
  makeMember({ id: 1, name: '山田 太郎', email: 'yamada@example.test', role: 'admin', last_login: new Date(2026, 4, 14, 9, 5).toISOString() }),
  makeMember({ id: 2, name: '佐藤 花子', email: 'sato@example.test', email_verified: false }),
  makeMember({ id: 3, name: '鈴木 一郎', email: 'suzuki@example.test', role: 'admin', email_verified: null }),
  makeMember({ id: 4, name: '田中 次郎', email: 'tanaka@example.test', is_active: false }),
];
const EXPIRES = new Date(2026, 4, 22, 9, 5).toISOString();

type Handlers = Parameters<typeof mockApi>[0];

/** The screen at /workspace (the dashboard at / says so), GET calls answered unless a test answers them otherwise. */
function renderScreen(handlers: Handlers = {}) {
  const calls = mockApi({
    'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ max_members: 5 }) }),
    'GET /workspace/stats': () => ({ body: makeWorkspaceStats({ members: 3, parts: 1234, products: 56, lowStockParts: 7 }) }),
    'GET /auth/users': () => ({ body: MEMBERS }),
    ...handlers,
  });
  const user = userEvent.setup();
  const { queryClient } = renderWithQueryClient(
    <MemoryRouter initialEntries={['/workspace']}>
      <Routes>
        <Route path="/workspace" element={<WorkspaceSettings />} />
        <Route path="/" element={<p>ダッシュボード画面</p>} />
      </Routes>
    </MemoryRouter>,
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const reloads = (key: readonly unknown[]) => invalidate.mock.calls.filter(([filters]) => filters?.queryKey === key).length;
  const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { user, calls, sent, reloads };
}

const card = (label: string) => screen.getByRole('listitem', { name: label });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const section = (title: string) => screen.getByRole('region', { name: title });

function useDesktop(desktop: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: desktop, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('WorkspaceSettings', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'authenticated', user: me, token: 'tok' });
    useDesktop(true);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
  });

  describe('overview cards', () => {
    it("shows members as 'n / max' and the parts, products and low-stock counts", async () => {
      renderScreen();
      expect(await screen.findByText('3 / 5')).toBeInTheDocument();
      expect(card('メンバー数')).toHaveTextContent('メンバー数3 / 5');
      expect(card('メンバー数')).not.toHaveTextContent('上限に達しています');
      expect(card('部品数')).toHaveTextContent('部品数1,234 / 20,000');
      expect(card('商品数')).toHaveTextContent('商品数56 / 2,000');
      expect(card('在庫不足の部品')).toHaveTextContent('7');
      expect(card('部品数')).not.toHaveTextContent('残り');
    });

    it('shows how many parts and products are left near the workspace limits, and 上限に達しています at them', async () => {
      renderScreen({ 'GET /workspace/stats': () => ({ body: makeWorkspaceStats({ parts: 18_000, products: 2_000 }) }) });
      expect(await screen.findByText('18,000 / 20,000')).toBeInTheDocument();
      expect(card('部品数')).toHaveTextContent('残り2,000件');
      expect(card('商品数')).toHaveTextContent('2,000 / 2,000上限に達しています');
    });

    it('says 上限に達しています at the limit and over it', async () => {
      renderScreen({ 'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ max_members: 3 }) }) });
      await screen.findByText('3 / 3');
      expect(card('メンバー数')).toHaveTextContent('上限に達しています');
      expect(within(section('招待コード')).getByText('メンバー数が上限に達しているため、今は招待コードで参加できません。')).toBeInTheDocument();
    });

    it('says 上限に達しています over the limit too', async () => {
      renderScreen({ 'GET /workspace/stats': () => ({ body: makeWorkspaceStats({ members: 4 }) }), 'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ max_members: 2 }) }) });
      await screen.findByText('4 / 2');
      expect(card('メンバー数')).toHaveTextContent('上限に達しています');
    });

    it('shows ワークスペース統計の取得に失敗しました under エラーが発生しました, and retries', async () => {
      let fail = true;
      const { user } = renderScreen({
        'GET /workspace/stats': () => (fail ? { status: 500, body: {} } : { body: makeWorkspaceStats({ members: 1 }) }),
      });
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent('エラーが発生しました');
      expect(banner).toHaveTextContent('ワークスペース統計の取得に失敗しました');
      fail = false;
      await user.click(within(banner).getByRole('button', { name: '再試行' }));
      expect(await screen.findByText('1 / 5')).toBeInTheDocument();
    });
  });

  describe('basic settings', () => {
    it('shows ワークスペース設定の取得に失敗しました when the settings cannot be loaded', async () => {
      renderScreen({ 'GET /workspace/settings': () => ({ status: 500, body: {} }) });
      expect(await screen.findByText('ワークスペース設定の取得に失敗しました')).toBeInTheDocument();
      expect(screen.queryByLabelText('ワークスペース名')).not.toBeInTheDocument();
      // The member card still shows the count, without a limit to compare it with.
      expect(card('メンバー数')).toHaveTextContent('メンバー数3');
    });

    it('puts a member limit above 5 back to 5 and one below 1 back to 1, with the messages', async () => {
      const { user } = renderScreen();
      const field = await screen.findByLabelText('最大メンバー数');
      expect(field).toHaveValue(5);
      expect(screen.getByText('1〜5人で設定できます。5人を超える人数が必要な場合は開発者にお問い合わせください。')).toBeInTheDocument();

      await user.clear(field);
      await user.type(field, '8');
      expect(field).toHaveValue(5);
      expect(screen.getByText('最大メンバー数は5人以下で設定してください')).toBeInTheDocument();

      await user.clear(field);
      await user.type(field, '0');
      expect(field).toHaveValue(1);
      expect(screen.getByText('最大メンバー数は1人以上で設定してください')).toBeInTheDocument();
      expect(screen.queryByText('最大メンバー数は5人以下で設定してください')).not.toBeInTheDocument();

      await user.clear(field);
      await user.type(field, '3');
      expect(field).toHaveValue(3);
      expect(screen.queryByText('最大メンバー数は1人以上で設定してください')).not.toBeInTheDocument();
    });

    it('requires the workspace name and sends nothing without it', async () => {
      const { user, sent } = renderScreen();
      await user.clear(await screen.findByLabelText('ワークスペース名'));
      await user.type(screen.getByLabelText('ワークスペース名'), '   ');
      await user.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByText('ワークスペース名は必須です')).toBeInTheDocument();
      expect(sent('PUT', '/workspace/settings')).toEqual([]);
    });

    it('saves the trimmed name and the limit, says 設定を保存しました and renames the workspace in the user menu', async () => {
      const { user, sent, reloads } = renderScreen({
        'PUT /workspace/settings': ({ body }) => ({ body: { ...makeWorkspaceSettings(), ...(body as object) } }),
      });
      const name = await screen.findByLabelText('ワークスペース名');
      await user.clear(name);
      await user.type(name, '  山田製作所 ');
      await user.clear(screen.getByLabelText('最大メンバー数'));
      await user.type(screen.getByLabelText('最大メンバー数'), '4');
      await user.click(screen.getByRole('button', { name: '保存' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('設定を保存しました'));
      expect(sent('PUT', '/workspace/settings').map((call) => call.body)).toEqual([{ workspace_name: '山田製作所', max_members: 4 }]);
      expect(useAuthStore.getState().user?.current_workspace).toEqual({ id: 1, workspace_name: '山田製作所' });
      expect(reloads(queryKeys.workspaces.settings)).toBe(1);
      expect(reloads(queryKeys.workspaces.stats)).toBe(1);
      expect(reloads(queryKeys.workspaces.list)).toBe(1);
    });

    it("shows the server's error, else ワークスペース設定の更新に失敗しました, and keeps the name in the menu", async () => {
      let error: string | undefined = '現在のメンバー数より少なくはできません';
      const { user } = renderScreen({ 'PUT /workspace/settings': () => ({ status: 409, body: error ? { error } : {} }) });
      await user.click(await screen.findByRole('button', { name: '保存' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('現在のメンバー数より少なくはできません'));

      error = undefined;
      await user.click(screen.getByRole('button', { name: '保存' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('ワークスペース設定の更新に失敗しました'));
      expect(notify.success).not.toHaveBeenCalled();
      expect(useAuthStore.getState().user?.current_workspace.workspace_name).toBe('山田工房');
    });
  });

  describe('member management', () => {
    it('lists name, e-mail, verification, role, state and last login', async () => {
      renderScreen();
      await screen.findByRole('table', { name: 'メンバー一覧' });
      expect(row('山田 太郎')).toHaveTextContent('山田 太郎（あなた）yamada@example.test認証済み管理者アクティブ2026年5月14日 9:05');
      expect(row('佐藤 花子')).toHaveTextContent('佐藤 花子sato@example.test未認証メンバーアクティブ未ログイン');
      expect(row('鈴木 一郎')).toHaveTextContent('確認中管理者アクティブ');
      expect(row('田中 次郎')).toHaveTextContent('メンバー無効');
    });

    it("offers the actions menu on every row but the user's own", async () => {
      const { user } = renderScreen();
      await screen.findByRole('table', { name: 'メンバー一覧' });
      expect(within(row('山田 太郎')).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '「山田 太郎」の操作' })).not.toBeInTheDocument();

      const itemsOf = async (name: string) => {
        await user.click(screen.getByRole('button', { name: `「${name}」の操作` }));
        const labels = screen.getAllByRole('menuitem').map((item) => item.textContent);
        await user.keyboard('{Escape}');
        return labels;
      };
      expect(await itemsOf('佐藤 花子')).toEqual(['メンバーから削除', '管理者に昇格']);
      expect(await itemsOf('鈴木 一郎')).toEqual(['メンバーから削除', 'メンバーに降格']);
      // Only an active member is promoted: 田中 次郎 is inactive.
      expect(await itemsOf('田中 次郎')).toEqual(['有効化']);
    });

    it('shows cards on a phone, still without a menu on the own card', async () => {
      useDesktop(false);
      renderScreen();
      const list = await screen.findByRole('list', { name: 'メンバー一覧' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(4);
      expect(cards[0]).toHaveTextContent('山田 太郎（あなた）');
      expect(within(cards[0]!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(cards[1]!).getByRole('button', { name: '「佐藤 花子」の操作' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });

    it('removes an active member after confirmation', async () => {
      const { user, sent, reloads } = renderScreen({ 'PUT /auth/users/2': () => ({ body: { ...MEMBERS[1], is_active: false } }) });
      await user.click(await screen.findByRole('button', { name: '「佐藤 花子」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: 'メンバーから削除' }));
      const dialog = await screen.findByRole('dialog', { name: 'メンバーから削除' });
      expect(dialog).toHaveTextContent('「佐藤 花子」をこのワークスペースのメンバーから削除しますか？');
      expect(sent('PUT', '/auth/users/2')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: '削除する' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「佐藤 花子」をメンバーから削除しました'));
      expect(sent('PUT', '/auth/users/2').map((call) => call.body)).toEqual([{ is_active: false }]);
      expect(reloads(queryKeys.workspaces.members)).toBe(1);
      expect(reloads(queryKeys.workspaces.stats)).toBe(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('activates an inactive member and promotes a member at once', async () => {
      const { user, sent } = renderScreen({ 'PUT /auth/users/:id': () => ({ body: {} }) });
      await user.click(await screen.findByRole('button', { name: '「田中 次郎」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: '有効化' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「田中 次郎」を有効化しました'));

      await user.click(screen.getByRole('button', { name: '「佐藤 花子」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: '管理者に昇格' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「佐藤 花子」を管理者に変更しました'));

      expect(sent('PUT', '/auth/users/4').map((call) => call.body)).toEqual([{ is_active: true }]);
      expect(sent('PUT', '/auth/users/2').map((call) => call.body)).toEqual([{ role: 'admin' }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('demotes an admin after confirmation', async () => {
      const { user, sent } = renderScreen({ 'PUT /auth/users/3': () => ({ body: {} }) });
      await user.click(await screen.findByRole('button', { name: '「鈴木 一郎」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: 'メンバーに降格' }));
      const dialog = await screen.findByRole('dialog', { name: 'メンバーに降格' });
      await user.click(within(dialog).getByRole('button', { name: '降格する' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「鈴木 一郎」をメンバーに変更しました'));
      expect(sent('PUT', '/auth/users/3').map((call) => call.body)).toEqual([{ role: 'member' }]);
    });

    it("shows the server's error of an update, else ユーザー更新に失敗しました", async () => {
      let error: string | undefined = '最後の管理者は変更できません';
      const { user } = renderScreen({ 'PUT /auth/users/:id': () => ({ status: 409, body: error ? { error } : {} }) });
      await user.click(await screen.findByRole('button', { name: '「鈴木 一郎」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: 'メンバーに降格' }));
      await user.click(await screen.findByRole('button', { name: '降格する' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('最後の管理者は変更できません'));

      error = undefined;
      await user.click(screen.getByRole('button', { name: '「佐藤 花子」の操作' }));
      await user.click(screen.getByRole('menuitem', { name: '管理者に昇格' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('ユーザー更新に失敗しました'));
      expect(notify.success).not.toHaveBeenCalled();
    });

    it("shows the server's error of the member list, else ユーザー一覧の取得に失敗しました", async () => {
      renderScreen({ 'GET /auth/users': () => ({ status: 500, body: {} }) });
      expect(await screen.findByRole('alert')).toHaveTextContent('ユーザー一覧の取得に失敗しました');
    });

    it("shows the server's error text of the member list when it gives one", async () => {
      renderScreen({ 'GET /auth/users': () => ({ status: 503, body: { error: 'ただいま混み合っています' } }) });
      expect(await screen.findByRole('alert')).toHaveTextContent('ただいま混み合っています');
    });
  });

  describe('invitation code', () => {
    it('generates a code and shows it with its expiry', async () => {
      let code: string | null = null;
      const { user, sent } = renderScreen({
        'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ invite_code: code, invite_code_expires: code ? EXPIRES : null }) }),
        'POST /workspace/invite-code': () => {
          code = 'AB12CD34';
          return { body: { invite_code: code, invite_code_expires: EXPIRES } };
        },
      });
      const invitation = await screen.findByRole('region', { name: '招待コード' });
      expect(within(invitation).getByText('有効な招待コードはありません。')).toBeInTheDocument();
      await user.click(within(invitation).getByRole('button', { name: '招待コードを生成' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('招待コードを生成しました'));
      expect(within(invitation).getByLabelText('現在の招待コード')).toHaveTextContent('AB12CD34');
      expect(invitation).toHaveTextContent('有効期限: 2026年5月22日 9:05');
      expect(sent('POST', '/workspace/invite-code')).toHaveLength(1);
    });

    it('asks before replacing a live code', async () => {
      let code = 'OLD00000';
      const { user, sent } = renderScreen({
        'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ invite_code: code, invite_code_expires: EXPIRES }) }),
        'POST /workspace/invite-code': () => {
          code = 'NEW11111';
          return { body: { invite_code: code, invite_code_expires: EXPIRES } };
        },
      });
      await user.click(await screen.findByRole('button', { name: '新しいコードを生成' }));
      const dialog = await screen.findByRole('dialog', { name: '招待コードの再生成' });
      expect(dialog).toHaveTextContent('今の招待コードは使えなくなります');
      expect(sent('POST', '/workspace/invite-code')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: '生成する' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('招待コードを生成しました'));
      expect(screen.getByLabelText('現在の招待コード')).toHaveTextContent('NEW11111');
    });

    it('revokes the code after confirmation', async () => {
      let code: string | null = 'AB12CD34';
      const { user, sent } = renderScreen({
        'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ invite_code: code, invite_code_expires: code ? EXPIRES : null }) }),
        'DELETE /workspace/invite-code': () => {
          code = null;
          return { status: 204 };
        },
      });
      await user.click(await screen.findByRole('button', { name: '無効化' }));
      const dialog = await screen.findByRole('dialog', { name: '招待コードの無効化' });
      await user.click(within(dialog).getByRole('button', { name: '無効化する' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('招待コードを無効化しました'));
      expect(sent('DELETE', '/workspace/invite-code')).toHaveLength(1);
      expect(await screen.findByText('有効な招待コードはありません。')).toBeInTheDocument();
      expect(screen.queryByLabelText('現在の招待コード')).not.toBeInTheDocument();
    });

    it('copies the code to the clipboard with a toast; a failed copy is only logged', async () => {
      const { user } = renderScreen({
        'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ invite_code: 'AB12CD34', invite_code_expires: EXPIRES }) }),
      });
      await user.click(await screen.findByRole('button', { name: '招待コードをコピー' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('招待コードをコピーしました'));
      await expect(navigator.clipboard.readText()).resolves.toBe('AB12CD34');

      vi.mocked(notify.success).mockClear();
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      await user.click(screen.getByRole('button', { name: '招待コードをコピー' }));
      await waitFor(() => expect(console.error).toHaveBeenCalledWith('招待コードのコピーに失敗しました', expect.any(Error)));
      expect(notify.success).not.toHaveBeenCalled();
      expect(notify.error).not.toHaveBeenCalled();
    });

    it('says 招待コードの生成に失敗しました and 招待コードの無効化に失敗しました without a server text', async () => {
      const { user } = renderScreen({
        'GET /workspace/settings': () => ({ body: makeWorkspaceSettings({ invite_code: 'AB12CD34', invite_code_expires: EXPIRES }) }),
        'POST /workspace/invite-code': () => ({ status: 500, body: {} }),
        'DELETE /workspace/invite-code': () => ({ status: 500, body: {} }),
      });
      await user.click(await screen.findByRole('button', { name: '新しいコードを生成' }));
      await user.click(await screen.findByRole('button', { name: '生成する' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('招待コードの生成に失敗しました'));

      await user.click(screen.getByRole('button', { name: '無効化' }));
      await user.click(await screen.findByRole('button', { name: '無効化する' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('招待コードの無効化に失敗しました'));
      expect(screen.getByLabelText('現在の招待コード')).toHaveTextContent('AB12CD34');
    });
  });

  describe('for non-admins', () => {
    it('sends a member to the dashboard without a call', async () => {
      useAuthStore.setState({ user: makeAuthUser({ role: 'member' }) });
      const { calls } = renderScreen();
      expect(await screen.findByText('ダッシュボード画面')).toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('leaves for the dashboard after a switch to a workspace where the user is a member, asking nothing as a member', async () => {
      const { calls } = renderScreen();
      await screen.findByRole('table', { name: 'メンバー一覧' });
      const before = calls.length;
      act(() => useAuthStore.setState({ user: makeAuthUser({ role: 'member', current_workspace: { id: 2, workspace_name: '別工房' } }) }));
      expect(await screen.findByText('ダッシュボード画面')).toBeInTheDocument();
      expect(calls.length).toBe(before);
    });
  });
});
