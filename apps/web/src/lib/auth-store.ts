import type { AuthUser, MembershipRole, MeResponse } from '@inventory/contracts/auth';
import { apiPaths } from '@inventory/contracts/api-paths';
import type { SwitchWorkspaceResponse, WorkspaceListItem } from '@inventory/contracts/workspace';
import { create } from 'zustand';
import { ApiError, apiRequest } from './api-client.ts';
import { notify } from './notify.ts';
import { expireSession, onSessionExpired, setStoredTokenCheck, setWorkspaceSwitching } from './session-expiry.ts';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage.ts';

export type AuthStatus = 'signedOut' | 'initializing' | 'authenticated';

export const SWITCH_FAILED_MESSAGE = 'ワークスペースの切り替えに失敗しました';

/** What the user is told when an admin changed their role or removed them while they worked. */
export const MEMBERSHIP_CHANGE_MESSAGES = {
  roleChanged: (workspaceName: string, role: MembershipRole) =>
    `「${workspaceName}」での役割が${role === 'admin' ? '管理者' : 'メンバー'}に変更されました`,
  /** `lostName` is null when the page has just opened and does not know the workspace's name. */
  removedAndMoved: (lostName: string | null, nextName: string) =>
    `${lostName ? `「${lostName}」` : '前回のワークスペース'}のメンバーから削除されたため、「${nextName}」に切り替えました`,
  removedWithNowhereToGo: (lostName: string | null) =>
    `${lostName ? `「${lostName}」` : '前回のワークスペース'}のメンバーから削除されました。利用できるワークスペースがないため、ログアウトしました。`,
} as const;

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  token: string | null;
  /**
   * Validates the stored token with the current-user call; a failure drops the token, unless the
   * session is live and only this workspace is no longer the user's (they move to another one).
   * Shows 'initializing' meanwhile unless `keepSignedIn` (a workspace switch keeps the signed-in frame).
   */
  initialize: (options?: { keepSignedIn?: boolean }) => Promise<boolean>;
  signIn: (token: string, user: AuthUser) => void;
  /** Replaces the token (workspace switch) and loads the user again. */
  replaceToken: (token: string) => Promise<boolean>;
  /**
   * Sets the switching flag, takes the new token, loads the user
   * again and clears the flag. Throws when the switch fails.
   */
  switchWorkspace: (workspaceId: number) => Promise<void>;
  /** The current workspace was renamed (workspace settings): the user menu shows the new name. */
  renameCurrentWorkspace: (workspaceId: number, workspaceName: string) => void;
  /**
   * Loads the signed-in user again without leaving the authenticated state: after an e-mail
   * verification, when the window regains focus, after a 403. A changed role is shown and said;
   * a user removed from this workspace moves to another of theirs; an ended session ends here too.
   * A failed call keeps everything as it was.
   */
  refreshUser: () => Promise<void>;
  clear: () => void;
}

const fetchCurrentUser = () => apiRequest<MeResponse>(apiPaths.auth.me, { fallbackMessage: 'ユーザー情報の取得に失敗しました' });

/** The current-user call of a page that opens with a stored token: the only judge of that token while it runs. */
async function checkStoredToken() {
  setStoredTokenCheck(true);
  try {
    return await fetchCurrentUser();
  } finally {
    setStoredTokenCheck(false);
  }
}

/** The current-user call's 403: the session is live, but the user is no longer an active member of the token's workspace. */
const isRemovedFromWorkspace = (error: unknown) => error instanceof ApiError && error.status === 403;

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'signedOut',
  user: null,
  token: null,

  async initialize({ keepSignedIn = false } = {}) {
    const token = readStoredToken();
    if (!token) {
      set({ status: 'signedOut', user: null, token: null });
      return false;
    }
    if (!keepSignedIn) set({ status: 'initializing' });
    try {
      const { user } = keepSignedIn ? await fetchCurrentUser() : await checkStoredToken();
      // The token may have been replaced or dropped while the call ran.
      if (readStoredToken() !== token) return get().status === 'authenticated';
      set({ status: 'authenticated', user, token });
      return true;
    } catch (error) {
      if (readStoredToken() !== token) return get().status === 'authenticated';
      // The page does not know yet which workspace the token was for: the message says 前回の.
      if (isRemovedFromWorkspace(error) && (await leaveLostWorkspace(null))) return true;
      clearStoredToken();
      set({ status: 'signedOut', user: null, token: null });
      return false;
    }
  },

  signIn(token, user) {
    storeToken(token);
    set({ status: 'authenticated', user, token });
  },

  async replaceToken(token) {
    storeToken(token);
    // Through 'initializing' the user menu would unmount, and with it the switcher dialog whose
    // success callbacks (toast, close) then never run; the signed-out navigation would flash.
    return get().initialize({ keepSignedIn: get().status === 'authenticated' });
  },

  async switchWorkspace(workspaceId) {
    setWorkspaceSwitching(true);
    try {
      const { token } = await apiRequest<SwitchWorkspaceResponse>(apiPaths.workspace.switch(workspaceId), {
        method: 'POST',
        fallbackMessage: SWITCH_FAILED_MESSAGE,
      });
      if (!(await get().replaceToken(token))) throw new ApiError(0, SWITCH_FAILED_MESSAGE);
    } finally {
      setWorkspaceSwitching(false);
    }
  },

  renameCurrentWorkspace(workspaceId, workspaceName) {
    const { user } = get();
    // A switch may have happened while the save ran; another workspace keeps its name.
    if (!user || user.current_workspace.id !== workspaceId) return;
    set({ user: { ...user, current_workspace: { ...user.current_workspace, workspace_name: workspaceName } } });
  },

  async refreshUser() {
    const { status, token, user: before } = get();
    if (status !== 'authenticated' || !token || !before) return;
    let user: AuthUser;
    try {
      ({ user } = await fetchCurrentUser());
    } catch (error) {
      if (get().token !== token) return;
      if (isRemovedFromWorkspace(error)) await leaveLostWorkspace(before.current_workspace.workspace_name);
      // A session that really ended: the session-expired flow.
      else if (error instanceof ApiError && error.status === 401) expireSession();
      // Anything else (offline, a timeout) proves nothing: the next call or focus asks again.
      return;
    }
    if (get().token !== token) return;
    set({ user });
    if (user.current_workspace.id === before.current_workspace.id && user.role !== before.role) {
      notify.info(MEMBERSHIP_CHANGE_MESSAGES.roleChanged(user.current_workspace.workspace_name, user.role));
    }
  },

  clear() {
    clearStoredToken();
    set({ status: 'signedOut', user: null, token: null });
  },
}));

onSessionExpired(() => useAuthStore.setState({ status: 'signedOut', user: null, token: null }));

/**
 * The user was removed from the workspace of their token while the session goes on: it switches
 * to the first workspace they still belong to (their oldest, as a sign-in would) and says why.
 * With none left the session ends with that message for the login page. False when the move
 * could not be made (the list or the switch failed, or nowhere to go).
 */
async function leaveLostWorkspace(lostName: string | null): Promise<boolean> {
  let next: WorkspaceListItem | undefined;
  try {
    [next] = await apiRequest<WorkspaceListItem[]>(apiPaths.workspace.list, { fallbackMessage: 'ワークスペース一覧の取得に失敗しました' });
  } catch {
    return false;
  }
  if (!next) {
    expireSession(MEMBERSHIP_CHANGE_MESSAGES.removedWithNowhereToGo(lostName));
    return false;
  }
  try {
    await useAuthStore.getState().switchWorkspace(next.id);
  } catch {
    return false;
  }
  notify.warning(MEMBERSHIP_CHANGE_MESSAGES.removedAndMoved(lostName, next.workspace_name));
  return true;
}

/** The session check the route guard started, for the other loaders of the same page to wait on. */
let pendingInitialization: Promise<boolean> | null = null;

export const AUTH_INIT_WAIT_MS = 5_000;
export const AUTH_INIT_POLL_MS = 100;

/**
 * The route guard's question "is someone signed in?": initialises auth when a token is stored,
 * or waits for a running initialisation (the one it started itself, else up to 5 s, polling every 100 ms).
 */
export async function ensureAuthenticated(): Promise<boolean> {
  const state = useAuthStore.getState();
  if (state.status === 'authenticated' && state.user && state.token) return true;
  if (state.status === 'initializing') {
    if (pendingInitialization) return pendingInitialization;
    for (let waited = 0; waited < AUTH_INIT_WAIT_MS; waited += AUTH_INIT_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, AUTH_INIT_POLL_MS));
      const { status, user, token } = useAuthStore.getState();
      if (status !== 'initializing') return status === 'authenticated' && !!user && !!token;
    }
    return false;
  }
  if (!readStoredToken()) return false;
  const initialization = state.initialize().finally(() => {
    if (pendingInitialization === initialization) pendingInitialization = null;
  });
  pendingInitialization = initialization;
  return initialization;
}
