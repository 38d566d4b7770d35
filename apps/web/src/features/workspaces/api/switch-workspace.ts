import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** The switcher's switch (the steps are the session's: lib/auth-store.ts). */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: number) => useAuthStore.getState().switchWorkspace(workspaceId),
    // Everything cached belongs to the previous workspace.
    onSuccess: () => queryClient.resetQueries(),
  });
}
