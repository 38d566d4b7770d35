import { redirect } from 'react-router';
import { paths } from '../config/paths.ts';
import { ensureAuthenticated, useAuthStore } from '../lib/auth-store.ts';

// Route guard rules. /login has no guard at all: it "passes
// straight through", so a signed-in user can still open it.

export async function requireSignedIn() {
  if (!(await ensureAuthenticated())) throw redirect(paths.login);
  return null;
}

export async function requireWorkspaceAdmin() {
  await requireSignedIn();
  if (useAuthStore.getState().user?.role !== 'admin') throw redirect(paths.dashboard);
  return null;
}

export async function requireSuperAdmin() {
  await requireSignedIn();
  if (!useAuthStore.getState().user?.is_super_admin) throw redirect(paths.dashboard);
  return null;
}

/** Public pages that use the signed-in user when there is one (e-mail verification): auth is initialised, nobody is sent away. */
export async function loadSession() {
  await ensureAuthenticated();
  return null;
}

/** Register page: signed-in users go to the dashboard. */
export async function redirectSignedIn() {
  if (await ensureAuthenticated()) throw redirect(paths.dashboard);
  return null;
}
