import type { Announcement } from '@inventory/contracts/management-console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeAdminStats, makeAnnouncement } from '../../../testing/make-announcement.ts';
import { ManagementConsole } from './management-console.tsx';

const STATS = makeAdminStats({
  totalUsers: 1234,
  totalParts: 56789,
  totalProducts: 321,
  totalWorkspaces: 98,
  totalManufacturingRecords: 4321,
  totalSalesRecords: 10000,
});

const MAINTENANCE = makeAnnouncement({
  id: 2,
  title: 'メンテナンスのお知らせ',
  content: '11月30日 2:00〜4:00 に\nメンテナンスを行います。',
  type: 'warning',
  created_at: '2026-05-12T03:00:00.000Z',
  updated_at: '2026-05-13T09:15:00.000Z',
});
const DRAFT = makeAnnouncement({
  id: 1,
  title: '新機能の予告',
  content: '来月、販売管理に新しい集計を追加します。',
  type: 'success',
  is_active: false,
  created_at: '2026-05-10T01:30:00.000Z',
});

const ANNOUNCEMENTS_PATH = '/management-console/announcements';

function renderConsole({ isSuperAdmin = true, handlers = {} }: { isSuperAdmin?: boolean; handlers?: Parameters<typeof mockApi>[0] } = {}) {
  const calls = mockApi({
    'GET /management-console/stats': () => ({ body: STATS }),
    [`GET ${ANNOUNCEMENTS_PATH}`]: () => ({ body: [MAINTENANCE, DRAFT] }),
    ...handlers,
  });
  const { queryClient } = renderWithQueryClient(
    <MemoryRouter>
      <ManagementConsole isSuperAdmin={isSuperAdmin} />
    </MemoryRouter>,
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { user: userEvent.setup(), calls, invalidated };
}

const card = (title: string) => screen.getByRole('listitem', { name: title });
const listItem = async (title: string) => within(await screen.findByRole('list', { name: '告知一覧' })).getByRole('listitem', { name: title });
const createForm = () => screen.getByRole('form', { name: '告知の作成' });
const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((call) => call.method !== 'GET');
const listLoads = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((call) => call.method === 'GET' && call.path === ANNOUNCEMENTS_PATH).length;

describe('ManagementConsole', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  describe('access', () => {
    it('shows アクセス権限がありません to anyone but a super admin and requests nothing', async () => {
      const { calls } = renderConsole({ isSuperAdmin: false });
      expect(screen.getByText('アクセス権限がありません')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'システム統計' })).not.toBeInTheDocument();
      expect(screen.queryByRole('form', { name: '告知の作成' })).not.toBeInTheDocument();
      // Give any query a chance to start: none may.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual([]);
    });
  });

  describe('statistics', () => {
    it('shows the six system-wide counts', async () => {
      renderConsole();
      await screen.findByRole('list', { name: 'システム統計' });
      expect(within(card('総ユーザー数')).getByText('1,234人')).toBeInTheDocument();
      expect(within(card('総部品数')).getByText('56,789件')).toBeInTheDocument();
      expect(within(card('総商品数')).getByText('321件')).toBeInTheDocument();
      expect(within(card('総ワークスペース数')).getByText('98件')).toBeInTheDocument();
      expect(within(card('製造記録数')).getByText('4,321件')).toBeInTheDocument();
      expect(within(card('販売記録数')).getByText('10,000件')).toBeInTheDocument();
    });

    it('says 統計情報の読み込みに失敗しました when the server gives no text, and retries', async () => {
      let fail = true;
      renderConsole({
        handlers: { 'GET /management-console/stats': () => (fail ? { status: 500, body: null } : { body: STATS }) },
      });
      expect(await screen.findByText('統計情報の読み込みに失敗しました')).toBeInTheDocument();
      fail = false;
      await userEvent.setup().click(screen.getByRole('button', { name: '再試行' }));
      expect(await screen.findByRole('list', { name: 'システム統計' })).toBeInTheDocument();
    });

    it("shows the server's error text when it gives one", async () => {
      renderConsole({
        handlers: { 'GET /management-console/stats': () => ({ status: 503, body: { error: 'データベースに接続できません' } }) },
      });
      expect(await screen.findByText('データベースに接続できません')).toBeInTheDocument();
    });
  });

  describe('announcement list', () => {
    it('lists title, content, type, created_at, the 非公開 badge for inactive ones only', async () => {
      renderConsole();
      const maintenance = await listItem('メンテナンスのお知らせ');
      expect(within(maintenance).getByText('警告')).toBeInTheDocument();
      expect(within(maintenance).getByText(/11月30日 2:00〜4:00 に/)).toBeInTheDocument();
      expect(within(maintenance).getByText(formatDateTime(MAINTENANCE.created_at))).toBeInTheDocument();
      expect(within(maintenance).getByText(formatDateTime(MAINTENANCE.updated_at))).toBeInTheDocument();
      expect(within(maintenance).queryByText('非公開')).not.toBeInTheDocument();

      const draft = await listItem('新機能の予告');
      expect(within(draft).getByText('成功')).toBeInTheDocument();
      expect(within(draft).getByText('非公開')).toBeInTheDocument();
      expect(within(draft).getByText(formatDateTime(DRAFT.created_at))).toBeInTheDocument();

      const items = within(screen.getByRole('list', { name: '告知一覧' })).getAllByRole('listitem');
      expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['メンテナンスのお知らせ', '新機能の予告']);
      expect(screen.getByText('2件（新しい順）')).toBeInTheDocument();
    });

    it('says so when there are none', async () => {
      renderConsole({ handlers: { [`GET ${ANNOUNCEMENTS_PATH}`]: () => ({ body: [] }) } });
      expect(await screen.findByText('告知はまだありません')).toBeInTheDocument();
    });

    it('says 告知の読み込みに失敗しました when the list cannot be loaded', async () => {
      renderConsole({ handlers: { [`GET ${ANNOUNCEMENTS_PATH}`]: () => ({ status: 500, body: null }) } });
      expect(await screen.findByText('告知の読み込みに失敗しました')).toBeInTheDocument();
    });
  });

  describe('create', () => {
    it('posts the form, toasts, empties the form and reloads the list and the banners', async () => {
      const created = makeAnnouncement({ id: 3, title: '障害のお知らせ', content: '現在復旧中です。', type: 'error', is_active: false });
      const { user, calls, invalidated } = renderConsole({
        handlers: { [`POST ${ANNOUNCEMENTS_PATH}`]: () => ({ status: 201, body: created }) },
      });
      await listItem('メンテナンスのお知らせ');
      const form = within(createForm());
      await user.type(form.getByLabelText('タイトル'), '障害のお知らせ');
      await user.type(form.getByLabelText('内容'), '現在復旧中です。');
      // Counted as the server counts: after trimming.
      expect(form.getByText('7 / 200')).toBeInTheDocument();
      expect(form.getByText('8 / 2000')).toBeInTheDocument();
      await user.selectOptions(form.getByLabelText('種類'), 'error');
      expect(form.getByRole('checkbox', { name: '公開する' })).toBeChecked();
      await user.click(form.getByRole('checkbox', { name: '公開する' }));
      await user.click(form.getByRole('button', { name: '告知を作成' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('告知を作成しました'));
      expect(writes(calls)).toEqual([
        {
          method: 'POST',
          path: ANNOUNCEMENTS_PATH,
          body: { title: '障害のお知らせ', content: '現在復旧中です。', type: 'error', is_active: false },
        },
      ]);
      expect(form.getByLabelText('タイトル')).toHaveValue('');
      expect(form.getByLabelText('内容')).toHaveValue('');
      expect(form.getByLabelText('種類')).toHaveValue('info');
      expect(form.getByRole('checkbox', { name: '公開する' })).toBeChecked();
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.managementConsole.announcements, queryKeys.announcements.active]));
      await waitFor(() => expect(listLoads(calls)).toBe(2));
    });

    it('offers the four types with Japanese names', async () => {
      renderConsole();
      const options = within(within(createForm()).getByLabelText('種類')).getAllByRole('option');
      expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
        ['info', 'お知らせ（青）'],
        ['warning', '警告（黄）'],
        ['error', 'エラー（赤）'],
        ['success', '成功（緑）'],
      ]);
    });

    it('refuses a blank title or content and a title over 200 characters without calling the server', async () => {
      const { user, calls } = renderConsole();
      await listItem('メンテナンスのお知らせ');
      const form = within(createForm());
      await user.type(form.getByLabelText('タイトル'), '   ');
      await user.click(form.getByRole('button', { name: '告知を作成' }));
      expect(await form.findByText('タイトルは必須です')).toBeInTheDocument();
      expect(form.getByText('内容は必須です')).toBeInTheDocument();

      await user.clear(form.getByLabelText('タイトル'));
      await user.click(form.getByLabelText('タイトル'));
      await user.paste('あ'.repeat(201));
      await user.click(form.getByLabelText('内容'));
      await user.paste('い'.repeat(2001));
      await user.click(form.getByRole('button', { name: '告知を作成' }));
      expect(await form.findByText('タイトルは200文字以内で入力してください')).toBeInTheDocument();
      expect(form.getByText('内容は2000文字以内で入力してください')).toBeInTheDocument();
      expect(writes(calls)).toEqual([]);
    });

    it("toasts the server's error, else 告知の作成に失敗しました, and keeps what was typed", async () => {
      let reply: { status: number; body: unknown } = { status: 400, body: { error: 'タイトルに使用できない制御文字が含まれています' } };
      const { user } = renderConsole({ handlers: { [`POST ${ANNOUNCEMENTS_PATH}`]: () => reply } });
      await listItem('メンテナンスのお知らせ');
      const form = within(createForm());
      await user.type(form.getByLabelText('タイトル'), '告知');
      await user.type(form.getByLabelText('内容'), '本文');
      await user.click(form.getByRole('button', { name: '告知を作成' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('タイトルに使用できない制御文字が含まれています'));

      reply = { status: 500, body: null };
      await user.click(form.getByRole('button', { name: '告知を作成' }));
      await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('告知の作成に失敗しました'));
      expect(form.getByLabelText('タイトル')).toHaveValue('告知');
      expect(notify.success).not.toHaveBeenCalled();
    });
  });

  describe('edit', () => {
    async function openEdit(user: ReturnType<typeof userEvent.setup>, title = 'メンテナンスのお知らせ') {
      await user.click(within(await listItem(title)).getByRole('button', { name: '編集' }));
      return within(await screen.findByRole('dialog', { name: '告知の編集' }));
    }

    it('starts from the announcement, sends the whole body and closes on success', async () => {
      const { user, calls, invalidated } = renderConsole({
        handlers: {
          [`PUT ${ANNOUNCEMENTS_PATH}/2`]: ({ body }) => ({ body: { ...MAINTENANCE, ...(body as Partial<Announcement>) } }),
        },
      });
      const dialog = await openEdit(user);
      expect(dialog.getByLabelText('タイトル')).toHaveValue('メンテナンスのお知らせ');
      expect(dialog.getByLabelText('内容')).toHaveValue(MAINTENANCE.content);
      expect(dialog.getByLabelText('種類')).toHaveValue('warning');
      expect(dialog.getByRole('checkbox', { name: '公開する' })).toBeChecked();

      await user.clear(dialog.getByLabelText('タイトル'));
      await user.type(dialog.getByLabelText('タイトル'), 'メンテナンス終了');
      await user.selectOptions(dialog.getByLabelText('種類'), 'success');
      await user.click(dialog.getByRole('checkbox', { name: '公開する' }));
      await user.click(dialog.getByRole('button', { name: '更新' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('告知を更新しました'));
      expect(writes(calls)).toEqual([
        {
          method: 'PUT',
          path: `${ANNOUNCEMENTS_PATH}/2`,
          body: { title: 'メンテナンス終了', content: MAINTENANCE.content, type: 'success', is_active: false },
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '告知の編集' })).not.toBeInTheDocument());
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.managementConsole.announcements, queryKeys.announcements.active]));
    });

    it('checks title ≤ 200 and content ≤ 2000, both required, before sending', async () => {
      const { user, calls } = renderConsole();
      const dialog = await openEdit(user, '新機能の予告');
      await user.clear(dialog.getByLabelText('タイトル'));
      await user.clear(dialog.getByLabelText('内容'));
      await user.click(dialog.getByRole('button', { name: '更新' }));
      expect(await dialog.findByText('タイトルは必須です')).toBeInTheDocument();
      expect(dialog.getByText('内容は必須です')).toBeInTheDocument();

      await user.click(dialog.getByLabelText('タイトル'));
      await user.paste('あ'.repeat(201));
      await user.click(dialog.getByLabelText('内容'));
      await user.paste('い'.repeat(2001));
      await user.click(dialog.getByRole('button', { name: '更新' }));
      expect(await dialog.findByText('タイトルは200文字以内で入力してください')).toBeInTheDocument();
      expect(dialog.getByText('内容は2000文字以内で入力してください')).toBeInTheDocument();
      expect(writes(calls)).toEqual([]);
    });

    it("toasts the server's error, else 告知の更新に失敗しました, and stays open", async () => {
      let reply: { status: number; body: unknown } = { status: 404, body: { error: '告知が見つかりません' } };
      const { user } = renderConsole({ handlers: { [`PUT ${ANNOUNCEMENTS_PATH}/2`]: () => reply } });
      const dialog = await openEdit(user);
      await user.click(dialog.getByRole('button', { name: '更新' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('告知が見つかりません'));

      reply = { status: 500, body: null };
      await user.click(dialog.getByRole('button', { name: '更新' }));
      await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('告知の更新に失敗しました'));
      expect(screen.getByRole('dialog', { name: '告知の編集' })).toBeInTheDocument();
      expect(notify.success).not.toHaveBeenCalled();
    });
  });

  describe('delete', () => {
    it('asks first, naming the announcement, then deletes it', async () => {
      const { user, calls, invalidated } = renderConsole({
        handlers: { [`DELETE ${ANNOUNCEMENTS_PATH}/1`]: () => ({ body: { message: '告知を削除しました' } }) },
      });
      await user.click(within(await listItem('新機能の予告')).getByRole('button', { name: '削除' }));
      const dialog = within(await screen.findByRole('dialog', { name: '告知の削除' }));
      expect(dialog.getByText('新機能の予告')).toBeInTheDocument();
      expect(writes(calls)).toEqual([]);

      await user.click(dialog.getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('告知を削除しました'));
      expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${ANNOUNCEMENTS_PATH}/1`, body: undefined }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '告知の削除' })).not.toBeInTheDocument());
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.managementConsole.announcements, queryKeys.announcements.active]));
    });

    it('does nothing when cancelled', async () => {
      const { user, calls } = renderConsole();
      await user.click(within(await listItem('新機能の予告')).getByRole('button', { name: '削除' }));
      await user.click(within(await screen.findByRole('dialog', { name: '告知の削除' })).getByRole('button', { name: 'キャンセル' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '告知の削除' })).not.toBeInTheDocument());
      expect(writes(calls)).toEqual([]);
    });

    it("toasts the server's error, else 告知の削除に失敗しました", async () => {
      let reply: { status: number; body: unknown } = { status: 404, body: { error: '告知が見つかりません' } };
      const { user } = renderConsole({ handlers: { [`DELETE ${ANNOUNCEMENTS_PATH}/1`]: () => reply } });
      const remove = async () => {
        await user.click(within(await listItem('新機能の予告')).getByRole('button', { name: '削除' }));
        await user.click(within(await screen.findByRole('dialog', { name: '告知の削除' })).getByRole('button', { name: '削除' }));
      };
      await remove();
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('告知が見つかりません'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '告知の削除' })).not.toBeInTheDocument());

      reply = { status: 500, body: null };
      await remove();
      await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('告知の削除に失敗しました'));
      expect(notify.success).not.toHaveBeenCalled();
    });
  });
});
