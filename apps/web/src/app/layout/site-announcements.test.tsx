import type { AuthUser } from '@inventory/contracts/auth';
import type { Announcement } from '@inventory/contracts/management-console';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISMISSED_ANNOUNCEMENTS_KEY } from '../../features/announcements/utils/dismissed-announcements.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAnnouncement } from '../../testing/make-announcement.ts';
import { SiteAnnouncements } from './site-announcements.tsx';

const MEMBER: AuthUser = {
  id: 7,
  name: '佐藤花子',
  email: 'hanako@example.com',
  email_verified: true,
  role: 'member',
  is_active: true,
  is_super_admin: false,
  last_login: null,
  current_workspace: { id: 3, workspace_name: '工房' },
};

const MAINTENANCE = makeAnnouncement({ id: 10, title: 'メンテナンスのお知らせ', content: '今夜2時から停止します。', type: 'warning' });
const RELEASE = makeAnnouncement({ id: 11, title: '新機能のお知らせ', content: '販売管理が使えるようになりました。', type: 'success' });
const OUTAGE = makeAnnouncement({ id: 12, title: '障害のお知らせ', content: '一部の画面が表示されません。', type: 'error' });
const NOTICE = makeAnnouncement({ id: 13, title: '年末年始のお知らせ', content: 'サポートはお休みです。', type: 'info' });

const ACTIVE_PATH = '/management-console/announcements/active';

function renderBanners(answer: () => Announcement[]) {
  const calls = mockApi({ [`GET ${ACTIVE_PATH}`]: () => ({ body: answer() }) });
  const view = renderWithQueryClient(<SiteAnnouncements />);
  return { ...view, calls, user: userEvent.setup() };
}

const banners = () => within(screen.getByRole('region', { name: 'お知らせ' })).getAllByRole('listitem');
const bannerTitles = () => banners().map((banner) => banner.getAttribute('aria-label'));

describe('SiteAnnouncements', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAuthStore.setState({ status: 'authenticated', user: MEMBER, token: 'token' });
  });
  afterEach(() => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    vi.restoreAllMocks();
  });

  it('shows each active announcement as a banner coloured by its type, in the order given', async () => {
    renderBanners(() => [MAINTENANCE, RELEASE, OUTAGE, NOTICE]);
    expect(await screen.findByText('メンテナンスのお知らせ')).toBeInTheDocument();
    expect(bannerTitles()).toEqual(['メンテナンスのお知らせ', '新機能のお知らせ', '障害のお知らせ', '年末年始のお知らせ']);
    const [warning, success, error, info] = banners();
    expect(warning).toHaveClass('bg-amber-50');
    expect(success).toHaveClass('bg-green-50');
    expect(error).toHaveClass('bg-red-50');
    expect(info).toHaveClass('bg-blue-50');
    expect(within(warning!).getByText('今夜2時から停止します。')).toBeInTheDocument();
  });

  it('shows nothing when there is no active announcement', async () => {
    const { calls } = renderBanners(() => []);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'お知らせ' })).not.toBeInTheDocument();
  });

  it('closes a banner for good: still closed after a reload, while the others stay', async () => {
    const first = renderBanners(() => [MAINTENANCE, RELEASE]);
    await screen.findByText('メンテナンスのお知らせ');
    await first.user.click(screen.getByRole('button', { name: '「メンテナンスのお知らせ」を閉じる' }));
    expect(bannerTitles()).toEqual(['新機能のお知らせ']);
    expect(JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]')).toEqual([`10@${MAINTENANCE.updated_at}`]);
    first.unmount();

    renderBanners(() => [MAINTENANCE, RELEASE]);
    expect(await screen.findByText('新機能のお知らせ')).toBeInTheDocument();
    expect(screen.queryByText('メンテナンスのお知らせ')).not.toBeInTheDocument();
  });

  it('shows a closed announcement again once it has been edited, and forgets closings of announcements gone', async () => {
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify([`10@${MAINTENANCE.updated_at}`, '99@2026-01-01T00:00:00.000Z']));
    const edited = { ...MAINTENANCE, content: '今夜3時からに変更しました。', updated_at: '2026-05-14T08:00:00.000Z' };
    renderBanners(() => [edited]);
    expect(await screen.findByText('今夜3時からに変更しました。')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY)).toBeNull());
  });

  it('ignores an unreadable stored value', async () => {
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, '{not json');
    renderBanners(() => [MAINTENANCE]);
    expect(await screen.findByText('メンテナンスのお知らせ')).toBeInTheDocument();
  });

  it('asks nothing and shows nothing when signed out, and loads once signed in', async () => {
    useAuthStore.setState({ status: 'signedOut', user: null, token: null });
    const { calls } = renderBanners(() => [MAINTENANCE]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('region', { name: 'お知らせ' })).not.toBeInTheDocument();

    act(() => useAuthStore.setState({ status: 'authenticated', user: MEMBER, token: 'token' }));
    expect(await screen.findByText('メンテナンスのお知らせ')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('stays quiet when the call fails (the screen below must stay usable)', async () => {
    mockApi({ [`GET ${ACTIVE_PATH}`]: () => ({ status: 500, body: null }) });
    renderWithQueryClient(<SiteAnnouncements />);
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'お知らせ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
