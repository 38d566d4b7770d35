import type { AuthUser, MeResponse } from '@inventory/contracts/auth';
import { apiPaths } from '@inventory/contracts/api-paths';
import { create } from 'zustand';
import { apiRequest } from './api-client.ts';
import { onSessionExpired } from './session-expiry.ts';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage.ts';

export type AuthStatus = 'signedOut' | 'initializing' | 'authenticated';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  token: string | null;
  /**
   * Validates the stored token with the current-user call; a failure drops the token. Shows
   * 'initializing' meanwhile unless `keepSignedIn` (a workspace switch keeps the signed-in frame).
   */
  initialize: (options?: { keepSignedIn?: boolean }) => Promise<boolean>;
  signIn: (token: string, user: AuthUser) => void;
  /** Replaces the token (workspace switch) and loads the user again. */
  replaceToken: (token: string) => Promise<boolean>;
  /** The current workspace was renamed (workspace settings): the user menu shows the new name. */
  renameCurrentWorkspace: (workspaceId: number, workspaceName: string) => void;
  /** Loads the signed-in user again (e.g. after e-mail verification) without leaving the authenticated state. */
  refreshUser: () => Promise<void>;
  clear: () => void;
}

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
      const { user } = await apiRequest<MeResponse>(apiPaths.auth.me, { fallbackMessage: 'ユーザー情報の取得に失敗しました' });
      // The token may have been replaced or dropped while the call ran.
      if (readStoredToken() !== token) return get().status === 'authenticated';
      set({ status: 'authenticated', user, token });
      return true;
    } catch {
      if (readStoredToken() === token) clearStoredToken();
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

  renameCurrentWorkspace(workspaceId, workspaceName) {
    const { user } = get();
    // A switch may have happened while the save ran; another workspace keeps its name.
    if (!user || user.current_workspace.id !== workspaceId) return;
    set({ user: { ...user, current_workspace: { ...user.current_workspace, workspace_name: workspaceName } } });
  },

  async refreshUser() {
    const { status, token } = get();
    if (status !== 'authenticated' || !token) return;
    try {
      const { user } = await apiRequest<MeResponse>(apiPaths.auth.me, { fallbackMessage: 'ユーザー情報の取得に失敗しました' });
      if (get().token === token) set({ user });
    } catch {
      // The user shown stays as it was; the next page load or call settles the session.
    }
  },

  clear() {
    clearStoredToken();
    set({ status: 'signedOut', user: null, token: null });
  },
}));

onSessionExpired(() => useAuthStore.setState({ status: 'signedOut', user: null, token: null }));

export const AUTH_INIT_WAIT_MS = 5_000;
export const AUTH_INIT_POLL_MS = 100;

/**
 * The route guard's question "is someone signed in?": initialises auth when a token is stored,
 * or waits for a running initialisation (up to 5 s, polling every 100 ms).
 */
export async function ensureAuthenticated(): Promise<boolean> {
  const state = useAuthStore.getState();
  if (state.status === 'authenticated' && state.user && state.token) return true;
  if (state.status === 'initializing') {
    for (let waited = 0; waited < AUTH_INIT_WAIT_MS; waited += AUTH_INIT_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, AUTH_INIT_POLL_MS));
      const { status, user, token } = useAuthStore.getState();
      if (status !== 'initializing') return status === 'authenticated' && !!user && !!token;
    }
    return false;
  }
  if (!readStoredToken()) return false;
  return state.initialize();
}
