import { Check } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SWITCH_FAILED_MESSAGE } from '../../../lib/auth-store.ts';
import { notify } from '../../../lib/notify.ts';
import { useWorkspaces } from '../api/get-workspaces.ts';
import { useSwitchWorkspace } from '../api/switch-workspace.ts';

export function WorkspaceSwitcherModal({ onClose, currentWorkspaceId }: { onClose: () => void; currentWorkspaceId: number }) {
  return (
    <Modal open onClose={onClose} title="ワークスペース切り替え" size="sm">
      <WorkspaceList currentWorkspaceId={currentWorkspaceId} onSwitched={onClose} />
    </Modal>
  );
}

function WorkspaceList({ currentWorkspaceId, onSwitched }: { currentWorkspaceId: number; onSwitched: () => void }) {
  const workspaces = useWorkspaces();
  const switcher = useSwitchWorkspace();

  if (workspaces.isPending) return <LoadingSpinner label="読み込み中..." />;
  if (workspaces.isError) return <ErrorBanner message={workspaces.error.message} onRetry={() => void workspaces.refetch()} />;

  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {workspaces.data.map((workspace) => {
        const isCurrent = workspace.id === currentWorkspaceId;
        return (
          <li key={workspace.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{workspace.workspace_name}</p>
              <p className="text-xs text-gray-500 dark:text-gray-400">{workspace.role === 'admin' ? '管理者' : 'メンバー'}</p>
            </div>
            {isCurrent ? (
              <span className="inline-flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
                <Check className="h-4 w-4" aria-hidden="true" />
                現在
              </span>
            ) : (
              <Button
                variant="secondary"
                disabled={switcher.isPending}
                onClick={() =>
                  switcher.mutate(workspace.id, {
                    onSuccess: () => {
                      notify.success(`「${workspace.workspace_name}」に切り替えました`);
                      onSwitched();
                    },
                    onError: () => notify.error(SWITCH_FAILED_MESSAGE),
                  })
                }
              >
                切り替え
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
