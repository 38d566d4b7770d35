import type { AuthUser } from '@inventory/contracts/auth';
import { ArrowLeftRight, ChevronDown, LogOut, Settings, Shield, UserCog, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { type DropdownMenuItem, DropdownMenu } from '../../components/ui/dropdown-menu.tsx';
import { paths } from '../../config/paths.ts';
import { useModal } from '../../lib/use-modal.ts';
import { AccountDialog, type AccountDialogName } from './account-dialog.tsx';
import { useAccountActions } from './use-account-actions.ts';
import { Avatar, UserSummary } from './user-badges.tsx';

const iconClass = 'h-4 w-4';

export function UserMenu({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const { modal, openModal, closeModal } = useModal<AccountDialogName>();
  const { handleLogout } = useAccountActions();

  const items: DropdownMenuItem[] = [
    { label: 'ワークスペース切り替え', icon: <ArrowLeftRight className={iconClass} />, onSelect: () => openModal('switch-workspace') },
    { label: 'ワークスペースに参加', icon: <UserPlus className={iconClass} />, onSelect: () => openModal('join-workspace') },
    user.role === 'admin'
      ? { label: 'ワークスペース設定', icon: <Settings className={iconClass} />, onSelect: () => void navigate(paths.workspaceSettings) }
      : { label: 'ワークスペース設定（管理者権限が必要です）', icon: <Settings className={iconClass} />, onSelect: () => {}, disabled: true },
    ...(user.is_super_admin
      ? [{ label: '管理画面', icon: <Shield className={iconClass} />, onSelect: () => void navigate(paths.managementConsole) }]
      : []),
    { separator: true },
    { label: 'アカウント設定', icon: <UserCog className={iconClass} />, onSelect: () => void navigate(paths.account) },
    { label: 'ログアウト', icon: <LogOut className={iconClass} />, onSelect: handleLogout, danger: true },
  ];

  return (
    <>
      <DropdownMenu
        mountOnUse
        triggerLabel={`ユーザーメニュー: ${user.name}`}
        triggerClassName="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-gray-100 dark:hover:bg-gray-800"
        trigger={
          <>
            <Avatar name={user.name} />
            <span className="max-w-32 truncate text-sm font-medium text-gray-700 dark:text-gray-200">{user.name}</span>
            <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden="true" />
          </>
        }
        header={<UserSummary user={user} />}
        menuClassName="w-88"
        items={items}
      />
      {modal && <AccountDialog name={modal} user={user} onClose={closeModal} />}
    </>
  );
}
