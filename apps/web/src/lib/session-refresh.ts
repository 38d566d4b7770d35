import { focusManager, type Query, type QueryClient } from '@tanstack/react-query';
import { useAuthStore } from './auth-store.ts';
import { queryKeys } from './query-keys.ts';
import { onAccessRefused } from './session-expiry.ts';

// An admin may demote or remove a user while that user works in another browser. The signed-in
// user is asked for again when the window regains focus and after any 403 (the auth store's
// refreshUser decides what changed), so admin controls go before they are clicked and a removed
// member moves to a workspace they still belong to, instead of meeting an expired-session message.

/**
 * "Focus" is the tab shown again (TanStack Query's own event) or the window focused again: with
 * the app in a window beside another, coming back changes no tab. Only queries that ask for it
 * refetch on focus (the app's default is off).
 */
function listenToWindowFocus(handleFocus: () => void) {
  const listener = () => handleFocus();
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
}

const isSessionRefresh = (query: Query) => query.queryKey[0] === queryKeys.session.refresh[0];

/** Starts the refreshes for this query client; answers the function that stops them. */
export function watchSessionChanges(queryClient: QueryClient): () => void {
  // A refresh is a query, so a page whose calls all answer 403 at once asks one time.
  const refresh = () => {
    if (useAuthStore.getState().status !== 'authenticated') return;
    queryClient
      .fetchQuery({ queryKey: queryKeys.session.refresh, queryFn: () => refreshSession(queryClient), staleTime: 0 })
      .catch(() => {});
  };
  focusManager.setEventListener(listenToWindowFocus);
  const stopFocus = focusManager.subscribe((focused) => {
    if (focused) refresh();
  });
  const stopRefused = onAccessRefused(refresh);
  return () => {
    stopFocus();
    stopRefused();
  };
}

async function refreshSession(queryClient: QueryClient) {
  const workspaceBefore = useAuthStore.getState().user?.current_workspace.id;
  await useAuthStore.getState().refreshUser();
  const workspaceNow = useAuthStore.getState().user?.current_workspace.id;
  if (workspaceNow !== undefined && workspaceNow !== workspaceBefore) {
    // Moved out of a workspace the user was removed from: everything cached belongs to that one.
    await queryClient.resetQueries({ predicate: (query) => !isSessionRefresh(query) });
  } else {
    await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.list });
  }
  return null;
}
