import { loadOnRender } from '../../lib/load-on-render.tsx';

// Like the switcher: the join dialog loads when it opens, so its form code stays out of the
// first page's JavaScript.
export const JoinWorkspaceModal = loadOnRender(
  async () => (await import('../../features/workspaces/components/join-workspace-modal.tsx')).JoinWorkspaceModal,
);
