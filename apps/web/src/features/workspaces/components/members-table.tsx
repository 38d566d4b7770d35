import type { WorkspaceMember } from '@inventory/contracts/auth';
import { ActiveBadge, RoleBadge, VerificationBadge } from '../../../components/ui/user-badges.tsx';
import { formatJapaneseDateTime } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { MemberAction } from '../utils/member-actions.ts';
import { MemberActionsMenu } from './member-actions-menu.tsx';

type OnAction = (action: MemberAction, member: WorkspaceMember) => void;

interface TableProps {
  members: readonly WorkspaceMember[];
  currentUserId: number;
  actionsFor: (member: WorkspaceMember) => MemberAction[];
  onAction: OnAction;
}

function LastLogin({ at }: { at: string | null }) {
  if (!at) return <span className="text-gray-500 dark:text-gray-400">未ログイン</span>;
  return <time dateTime={at}>{formatJapaneseDateTime(at)}</time>;
}

function YouMark() {
  return <span className="ml-1.5 text-xs font-normal text-gray-500 dark:text-gray-400">（あなた）</span>;
}

function RowMenu({ member, actionsFor, onAction }: Pick<TableProps, 'actionsFor' | 'onAction'> & { member: WorkspaceMember }) {
  const actions = actionsFor(member);
  return actions.length > 0 ? <MemberActionsMenu member={member} actions={actions} onAction={onAction} /> : null;
}

/** The members as a table on desktop; cards on phones (under 768 px), where seven columns do not fit. */
export function MembersTable(props: TableProps) {
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  return desktop ? <DesktopTable {...props} /> : <MobileCards {...props} />;
}

function DesktopTable({ members, currentUserId, actionsFor, onAction }: TableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
      <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
        <caption className="sr-only">メンバー一覧</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-4 py-3">名前</th>
            <th scope="col" className="px-4 py-3">メールアドレス</th>
            <th scope="col" className="px-4 py-3">メール認証</th>
            <th scope="col" className="px-4 py-3">役割</th>
            <th scope="col" className="px-4 py-3">状態</th>
            <th scope="col" className="px-4 py-3">最終ログイン</th>
            <th scope="col" className="w-12 px-4 py-3">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {members.map((member) => (
            <tr key={member.id} className="hover:bg-gray-50 dark:hover:bg-gray-800/40">
              <th scope="row" className="max-w-48 truncate px-4 py-3 text-left font-medium text-gray-900 dark:text-gray-100" title={member.name}>
                {member.name}
                {member.id === currentUserId ? <YouMark /> : null}
              </th>
              <td className="max-w-64 truncate px-4 py-3" title={member.email}>
                {member.email}
              </td>
              <td className="px-4 py-3">
                <VerificationBadge verified={member.email_verified} />
              </td>
              <td className="px-4 py-3">
                <RoleBadge role={member.role} />
              </td>
              <td className="px-4 py-3">
                <ActiveBadge active={member.is_active} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <LastLogin at={member.last_login} />
              </td>
              <td className="px-2 py-2 text-right">
                <RowMenu member={member} actionsFor={actionsFor} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MobileCards({ members, currentUserId, actionsFor, onAction }: TableProps) {
  return (
    <ul aria-label="メンバー一覧" className="space-y-3">
      {members.map((member) => (
        <li key={member.id} className="rounded-lg border border-gray-200 p-4 text-sm dark:border-gray-800">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium break-words text-gray-900 dark:text-gray-100">
                {member.name}
                {member.id === currentUserId ? <YouMark /> : null}
              </p>
              <p className="break-all text-gray-500 dark:text-gray-400">{member.email}</p>
            </div>
            <RowMenu member={member} actionsFor={actionsFor} onAction={onAction} />
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <VerificationBadge verified={member.email_verified} />
            <RoleBadge role={member.role} />
            <ActiveBadge active={member.is_active} />
          </div>
          <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
            最終ログイン: <LastLogin at={member.last_login} />
          </p>
        </li>
      ))}
    </ul>
  );
}
