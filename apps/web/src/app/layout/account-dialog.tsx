import type { AuthUser } from '@inventory/contracts/auth';
import { lazyComponent } from '../../lib/lazy-code.tsx';

// The account dialogs (Headless UI, react-hook-form, zod) load when they first open, so the
// first page's JavaScript stays small.
const WorkspaceSwitcherModal = lazyComponent(
  async () => (await import('../../features/workspaces/components/workspace-switcher-modal.tsx')).WorkspaceSwitcherModal,
);
const JoinWorkspaceModal = lazyComponent(async () => (await import('../../features/workspaces/components/join-workspace-modal.tsx')).JoinWorkspaceModal);

export type AccountDialogName = 'switch-workspace' | 'join-workspace';

/** The dialog that a user menu (desktop or mobile) opened. */
export function AccountDialog({
  name,
  user,
  onClose,
}: {
  name: AccountDialogName;
  user: AuthUser;
  onClose: () => void;
}) {
  switch (name) {
    case 'switch-workspace':
      return <WorkspaceSwitcherModal onClose={onClose} currentWorkspaceId={user.current_workspace.id} />;
    case 'join-workspace':
      return <JoinWorkspaceModal onClose={onClose} />;
  }
}
