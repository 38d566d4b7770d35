import { clearStoredToken } from './token-storage.ts';

// What happens when a session ends (a call answers 401 or 403): the
// token is dropped, a message is kept for the login page (shown once), and after 100 ms the app
// goes to /login unless a workspace switch is running or the user is already there. One redirect
// at a time. A 403 first asks whether the session really ended (see reportAccessRefused).

export const SESSION_EXPIRED_MESSAGE = 'セッションが期限切れです。再度ログインしてください。';
export const SESSION_EXPIRED_KEY = 'session_expired_message';
export const SESSION_EXPIRY_REDIRECT_DELAY_MS = 100;

type Navigate = (path: string) => void;

let navigate: Navigate = (path) => window.location.assign(path);
let redirectScheduled = false;
let workspaceSwitching = false;
let storedTokenCheck = false;
const listeners = new Set<() => void>();
let accessRefusedListener: (() => void) | null = null;

/** The router registers its navigate function so the redirect stays inside the single-page app. */
export function setSessionExpiryNavigator(fn: Navigate): void {
  navigate = fn;
}

export function setWorkspaceSwitching(value: boolean): void {
  workspaceSwitching = value;
}

export function isWorkspaceSwitching(): boolean {
  return workspaceSwitching;
}

/**
 * On opening the app, the current-user call checks the stored token while the screen's first calls
 * already run beside it (app/router.tsx). Until it answers, it alone decides what a 401 or 403
 * means: the other calls fail without ending the session or asking what changed.
 */
export function setStoredTokenCheck(running: boolean): void {
  storedTokenCheck = running;
}

export function isStoredTokenCheckRunning(): boolean {
  return storedTokenCheck;
}

/** Called when the session ends (the auth store clears its user here). */
export function onSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `message` is what the login page shows once: セッションが期限切れです unless the cause is known. */
export function expireSession(message: string = SESSION_EXPIRED_MESSAGE): void {
  clearStoredToken();
  sessionStorage.setItem(SESSION_EXPIRED_KEY, message);
  for (const listener of listeners) listener();
  if (redirectScheduled) return;
  redirectScheduled = true;
  setTimeout(() => {
    redirectScheduled = false;
    if (!workspaceSwitching && window.location.pathname !== '/login') navigate('/login');
  }, SESSION_EXPIRY_REDIRECT_DELAY_MS);
}

/**
 * The app's check of a 403 (lib/session-refresh.ts): the session may still be live, and only the
 * user's role or membership in this workspace changed. Returns the unsubscribe function.
 */
export function onAccessRefused(listener: () => void): () => void {
  accessRefusedListener = listener;
  return () => {
    if (accessRefusedListener === listener) accessRefusedListener = null;
  };
}

/** A call answered 403: the app checks what changed; with nothing to check it, the session ends. */
export function reportAccessRefused(): void {
  if (accessRefusedListener) accessRefusedListener();
  else expireSession();
}

export function readSessionExpiredMessage(): string | null {
  return sessionStorage.getItem(SESSION_EXPIRED_KEY);
}

export function clearSessionExpiredMessage(): void {
  sessionStorage.removeItem(SESSION_EXPIRED_KEY);
}
