import type { MembershipRole } from '@inventory/contracts/auth';
import clsx from 'clsx';

// The badges a person carries on screen (user menu, member table): e-mail verification and role.

const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

/** 認証済み (verified), 未認証 (unverified) or 確認中 (unknown, null). */
export function VerificationBadge({ verified }: { verified: boolean | null }) {
  if (verified === true)
    return <span className={clsx(badgeClass, 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-300')}>認証済み</span>;
  if (verified === false)
    return <span className={clsx(badgeClass, 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/50 dark:text-yellow-300')}>未認証</span>;
  return <span className={clsx(badgeClass, 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300')}>確認中</span>;
}

export function RoleBadge({ role }: { role: MembershipRole }) {
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

/** A member's state in the workspace: アクティブ or 無効. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className={clsx(badgeClass, 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-300')}>アクティブ</span>
  ) : (
    <span className={clsx(badgeClass, 'bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-300')}>無効</span>
  );
}
