import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { RoleBadge, VerificationBadge } from '../../../components/ui/user-badges.tsx';
import { notify } from '../../../lib/notify.ts';
import { usePreviousWorkspaces } from '../api/get-previous-workspaces.ts';
import { useReviewPreviousWorkspace } from '../api/review-previous-workspace.ts';
import { AccountSection } from './account-section.tsx';

/**
 * 以前のワークスペースの確認: after the account was taken over by proof of its address, the
 * workspaces it had before, with their members and a warning, to keep or leave one by one.
 * Nothing is drawn when there are none.
 */
export function PreviousWorkspacesSection() {
  const previous = usePreviousWorkspaces();
  const review = useReviewPreviousWorkspace();
  if (!previous.data?.length) return null;

  return (
    <AccountSection title="以前のワークスペースの確認" description="このアカウントは、メールアドレスの確認によって引き継がれました。">
      <div className="space-y-4">
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
          <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            引き継ぐ前に、別の人がこのメールアドレスで登録して使っていた可能性があります。下のワークスペースとメンバーに心当たりがなければ「退出する」を選んでください。新しい作業は、いまのワークスペースで行ってください。
          </p>
        </div>
        {review.error ? <ErrorBanner message={review.error.message} onDismiss={() => review.reset()} /> : null}
        {previous.data.map((workspace) => (
          <article key={workspace.id} aria-label={workspace.workspace_name} className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
            <h3 className="flex flex-wrap items-center gap-2 font-semibold text-gray-900 dark:text-gray-100">
              {workspace.workspace_name} <RoleBadge role={workspace.role} />
            </h3>
            {workspace.members.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">ほかのメンバーはいません。</p>
            ) : (
              <ul aria-label={`${workspace.workspace_name}のメンバー`} className="mt-2 space-y-1 text-sm">
                {workspace.members.map((member) => (
                  <li key={member.email} className="flex flex-wrap items-center gap-2 text-gray-800 dark:text-gray-200">
                    <span className="font-medium">{member.name}</span>
                    <span className="break-all text-gray-600 dark:text-gray-400">{member.email}</span>
                    <RoleBadge role={member.role} />
                    <VerificationBadge verified={member.email_verified} />
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={review.isPending}
                onClick={() => review.mutate({ id: workspace.id, decision: 'keep' }, { onSuccess: () => notify.success(`「${workspace.workspace_name}」を引き続き利用します`) })}
              >
                引き続き利用する
              </Button>
              <Button
                variant="danger"
                disabled={review.isPending}
                onClick={() => review.mutate({ id: workspace.id, decision: 'leave' }, { onSuccess: () => notify.success(`「${workspace.workspace_name}」から退出しました`) })}
              >
                退出する
              </Button>
            </div>
          </article>
        ))}
      </div>
    </AccountSection>
  );
}
