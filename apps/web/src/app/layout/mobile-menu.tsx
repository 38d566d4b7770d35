import type { AuthUser } from '@inventory/contracts/auth';
import clsx from 'clsx';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/form/button.tsx';
import { paths } from '../../config/paths.ts';
import { useModal } from '../../lib/use-modal.ts';
import { AccountDialog, type AccountDialogName } from './account-dialog.tsx';
import { navItems, phoneNavItems } from './nav-items.ts';
import { useAccountActions } from './use-account-actions.ts';
import { UserSummary } from './user-badges.tsx';

// The links among the menu's buttons look like them (a bare text link there read as a label).
const menuLinkClass =
  'rounded-md border border-gray-300 bg-white px-4 py-2 text-center text-sm font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700';

/** The collapsible menu under the top bar on narrow screens. */
export function MobileMenu({ user, onNavigate }: { user: AuthUser; onNavigate: () => void }) {
  const { modal, openModal, closeModal } = useModal<AccountDialogName>();
  const { handleLogout, isLoggingOut } = useAccountActions();

  return (
    <div id="mobile-menu" className="border-t border-gray-200 lg:hidden dark:border-gray-800">
      <nav aria-label="モバイルメニュー" className="space-y-1 px-3 py-3">
        {[...navItems, ...phoneNavItems].map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === paths.dashboard}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'block rounded-md px-3 py-2 text-base font-medium',
                isActive
                  ? 'bg-blue-50 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300'
                  : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="space-y-3 border-t border-gray-200 px-4 py-4 dark:border-gray-800">
        <UserSummary user={user} />
        <div className="flex flex-col gap-2">
          <Button variant="secondary" onClick={() => openModal('switch-workspace')}>
            ワークスペース切り替え
          </Button>
          <Button variant="secondary" onClick={() => openModal('join-workspace')}>
            ワークスペースに参加
          </Button>
          {user.role === 'admin' ? (
            <Link
              to={paths.workspaceSettings}
              onClick={onNavigate}
              className={menuLinkClass}
            >
              ワークスペース設定
            </Link>
          ) : (
            <p className="text-center text-xs text-gray-500 dark:text-gray-400">ワークスペース設定には管理者権限が必要です</p>
          )}
          {user.is_super_admin ? (
            <Link
              to={paths.managementConsole}
              onClick={onNavigate}
              className={menuLinkClass}
            >
              管理画面
            </Link>
          ) : null}
          <Link to={paths.account} onClick={onNavigate} className={menuLinkClass}>
            アカウント設定
          </Link>
          <Button variant="danger" onClick={handleLogout} disabled={isLoggingOut}>
            ログアウト
          </Button>
        </div>
      </div>
      {modal && <AccountDialog name={modal} user={user} onClose={closeModal} />}
    </div>
  );
}
