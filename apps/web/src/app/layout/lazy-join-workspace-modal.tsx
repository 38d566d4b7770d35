import { type ComponentProps, lazy, Suspense } from 'react';

// Like the switcher: the join dialog loads when it opens, so its form code stays out of the
// first page's JavaScript.
const LoadedJoinModal = lazy(async () => ({
  default: (await import('../../features/workspaces/components/join-workspace-modal.tsx')).JoinWorkspaceModal,
}));

export function JoinWorkspaceModal(props: ComponentProps<typeof LoadedJoinModal>) {
  return (
    <Suspense fallback={null}>
      <LoadedJoinModal {...props} />
    </Suspense>
  );
}
