import type { AuthUser } from '@inventory/contracts/auth';
import clsx from 'clsx';

const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

export function VerificationBadge({ verified }: { verified: AuthUser['email_verified'] }) {
  if (verified === true)
    return <span className={clsx(badgeClass, 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-300')}>認証済み</span>;
  if (verified === false)
    return <span className={clsx(badgeClass, 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/50 dark:text-yellow-300')}>未認証</span>;
  return <span className={clsx(badgeClass, 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300')}>確認中</span>;
}

export function RoleBadge({ role }: { role: AuthUser['role'] }) {
  return (
    <span
      className={clsx(
        badgeClass,
        role === 'admin'
          ? 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-300'
          : 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-300',
      )}
    >
      {role === 'admin' ? '管理者' : 'メンバー'}
    </span>
  );
}

export function Avatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white',
        size === 'lg' ? 'h-10 w-10 text-base' : 'h-8 w-8 text-sm',
      )}
    >
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}

/** Name, e-mail, badges and workspace: the head of the user menu (desktop and mobile). */
export function UserSummary({ user }: { user: AuthUser }) {
  return (
    <div className="flex items-start gap-3">
      <Avatar name={user.name} size="lg" />
      <div className="min-w-0">
        <p className="truncate font-medium text-gray-900 dark:text-gray-100">{user.name}</p>
        <p className="text-sm break-all text-gray-500 dark:text-gray-400">{user.email}</p>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <VerificationBadge verified={user.email_verified} />
          <RoleBadge role={user.role} />
        </div>
        <p className="mt-1.5 text-xs break-words text-gray-500 dark:text-gray-400">
          ワークスペース: <span className="font-medium text-gray-700 dark:text-gray-300">{user.current_workspace.workspace_name}</span>
        </p>
      </div>
    </div>
  );
}
