import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByGoogleSub(db: DbOrTx, googleSub: string) {
  return db.selectFrom('users').selectAll().where('google_sub', '=', googleSub).executeTakeFirst();
}

export interface NewUser {
  name: string;
  email: string;
  /** null for an account made through Google sign-in: it has no password. */
  passwordHash: string | null;
  emailVerified?: boolean;
  googleSub?: string | null;
}

export async function insertUser(db: DbOrTx, user: NewUser) {
  const now = nowIso();
  const { id } = await db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      password_hash: user.passwordHash,
      email_verified: user.emailVerified ? 1 : 0,
      google_sub: user.googleSub ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Links a Google account to a user that has none yet and marks the e-mail verified (Google
 * vouched for it). False when the user is already linked to another Google account. A user linked
 * to this very account counts as linked: a second sign-in of the same person at the same moment
 * can find by e-mail the account the first one has just created with this link.
 */
export async function linkGoogleAccount(db: DbOrTx, userId: number, googleSub: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ google_sub: googleSub, email_verified: 1, updated_at: nowIso() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('google_sub', 'is', null), eb('google_sub', '=', googleSub)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Removes the password of an account whose e-mail address was never verified and that no Google
 * account is linked to yet; answers whether it did. Whoever chose that password never proved the
 * address was theirs (a stranger may have signed up with it first), so it must not outlive the
 * proof the identity provider brings. Conditional in the update itself, so a verification by the
 * mail link at the same moment is never undone.
 */
export async function dropUnprovenPassword(db: DbOrTx, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('email_verified', '=', 0)
    .where('google_sub', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A sign-in: its time, and the workspace it opened (where the next sign-in opens too). */
export async function recordLogin(db: DbOrTx, userId: number, workspaceId: number) {
  await db.updateTable('users').set({ last_login_at: nowIso(), last_workspace_id: workspaceId }).where('id', '=', userId).execute();
}

/** The workspace the user switched to: the next sign-in opens it. */
export async function recordLastWorkspace(db: DbOrTx, userId: number, workspaceId: number) {
  await db.updateTable('users').set({ last_workspace_id: workspaceId }).where('id', '=', userId).execute();
}

export function findUserById(db: DbOrTx, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function markEmailVerified(db: DbOrTx, userId: number) {
  await db.updateTable('users').set({ email_verified: 1, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/**
 * Replaces the password hash only while it is still the one the caller checked, so two
 * simultaneous changes cannot both succeed; answers whether it changed.
 */
export async function replacePasswordHash(db: DbOrTx, userId: number, checkedHash: string | null, newHash: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: newHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('password_hash', checkedHash === null ? 'is' : '=', checkedHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A password set by someone who proved they read the address's mail (the reset link): the
 * address counts as verified, and for a listed super-admin address the proof is recorded.
 */
export async function setProvenPassword(db: DbOrTx, userId: number, passwordHash: string, superAdminProvenAt: string | null) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      email_verified: 1,
      updated_at: nowIso(),
      ...(superAdminProvenAt ? { super_admin_proven_at: superAdminProvenAt } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

/** A Google sign-in with a listed super-admin address: its first proof is recorded (later ones keep it). */
export async function recordSuperAdminProof(db: DbOrTx, userId: number, provenAt: string) {
  await db.updateTable('users').set({ super_admin_proven_at: provenAt }).where('id', '=', userId).where('super_admin_proven_at', 'is', null).execute();
}

/** Who a notice mail goes to. */
export function findUserContact(db: DbOrTx, userId: number) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}
