import { type ComponentProps, lazy, Suspense } from 'react';

// The switcher is a dialog (Headless UI); loading it when it opens keeps the dialog code out of
// the first page's JavaScript.
const LoadedSwitcher = lazy(async () => ({
  default: (await import('../../features/workspaces/components/workspace-switcher-modal.tsx')).WorkspaceSwitcherModal,
}));

export function WorkspaceSwitcherModal(props: ComponentProps<typeof LoadedSwitcher>) {
  return (
    <Suspense fallback={null}>
      <LoadedSwitcher {...props} />
    </Suspense>
  );
}
