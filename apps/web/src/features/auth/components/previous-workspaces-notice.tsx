import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePreviousWorkspaces } from '../api/get-previous-workspaces.ts';

/** On the dashboard after a takeover: the workspaces the account had before wait for the owner in アカウント設定. */
export function PreviousWorkspacesNotice() {
  const previous = usePreviousWorkspaces();
  if (!previous.data?.length) return null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6">
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
        <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
        <p className="flex-1">以前このアカウントが参加していたワークスペースがあります。メンバーを確認して、引き続き利用するか退出するかを選んでください。</p>
        <Link to={paths.account} className="font-medium underline">
          アカウント設定で確認する
        </Link>
      </div>
    </div>
  );
}
