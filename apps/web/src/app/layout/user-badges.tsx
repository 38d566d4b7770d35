import type { AuthUser } from '@inventory/contracts/auth';
import clsx from 'clsx';
import { RoleBadge, VerificationBadge } from '../../components/ui/user-badges.tsx';

/**
 * The name's first character in a circle. CSS draws the character: it is a picture of the name
 * written next to it, and as text it would count as part of the user menu button's visible label,
 * which its accessible name must contain (WCAG 2.5.3).
 */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      data-initial={Array.from(name.trim())[0] ?? '?'}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white before:content-[attr(data-initial)]',
        size === 'lg' ? 'h-10 w-10 text-base' : 'h-8 w-8 text-sm',
      )}
    />
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
