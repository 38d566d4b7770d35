import { loadOnRender } from '../../lib/load-on-render.tsx';

// The switcher is a dialog (Headless UI); loading it when it opens keeps the dialog code out of
// the first page's JavaScript.
export const WorkspaceSwitcherModal = loadOnRender(
  async () => (await import('../../features/workspaces/components/workspace-switcher-modal.tsx')).WorkspaceSwitcherModal,
);
