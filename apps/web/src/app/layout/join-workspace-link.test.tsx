import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeAuthUser } from '../../testing/make-workspace.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { UserMenu } from './user-menu.tsx';

// The workspace entries of both user menus: switcher, the join
// link with its dialog, settings for admins, the console for super admins, and the note for others.

function renderInRouter(ui: ReactElement) {
  renderWithQueryClient(<MemoryRouter>{ui}</MemoryRouter>);
  return userEvent.setup();
}

describe('user menu workspace entries', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the join dialog from the desktop menu, next to the switcher and the admin settings link', async () => {
    const user = renderInRouter(<UserMenu user={makeAuthUser({ role: 'admin' })} />);
    await user.click(screen.getByRole('button', { name: 'ユーザーメニュー: 山田 太郎' }));
    const labels = screen.getAllByRole('menuitem').map((item) => item.textContent);
    // In this order; other account entries may sit around them.
    const order = ['ワークスペース切り替え', 'ワークスペースに参加', 'ワークスペース設定'].map((label) => labels.indexOf(label));
    expect(order).toEqual([order[0], order[0]! + 1, order[0]! + 2]);
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(labels).not.toContain('管理画面');
    await user.click(screen.getByRole('menuitem', { name: 'ワークスペースに参加' }));
    const dialog = await screen.findByRole('dialog', { name: 'ワークスペースに参加' });
    expect(within(dialog).getByLabelText('招待コード')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a member that settings need admin rights, and shows the console to a super admin', async () => {
    const user = renderInRouter(<UserMenu user={makeAuthUser({ role: 'member', is_super_admin: true })} />);
    await user.click(screen.getByRole('button', { name: 'ユーザーメニュー: 山田 太郎' }));
    expect(screen.getByRole('menuitem', { name: 'ワークスペース設定（管理者権限が必要です）' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: '管理画面' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'ワークスペースに参加' })).toBeInTheDocument();
  });

  it('opens the join dialog from the mobile menu', async () => {
    const user = renderInRouter(<MobileMenu user={makeAuthUser({ role: 'member' })} onNavigate={() => {}} />);
    expect(screen.getByText('ワークスペース設定には管理者権限が必要です')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ワークスペース設定' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ワークスペースに参加' }));
    expect(await screen.findByRole('dialog', { name: 'ワークスペースに参加' })).toBeInTheDocument();
  });
});
