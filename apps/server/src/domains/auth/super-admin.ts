/**
 * Super admin only while the e-mail is listed in SUPER_ADMIN_EMAILS and its owner proved the
 * address after it was listed, by setting a password through the reset mail or by signing in
 * with Google (users.super_admin_proven_at, recorded only for a listed address), and only in a
 * session opened at or after that proof. A click on a verification link is not enough: whoever
 * registered a listed address first would gain the console when the owner clicked it, in the
 * session they had opened before.
 */
export function isSuperAdmin(
  superAdminEmails: readonly string[],
  user: { email: string; superAdminProvenAt: string | null },
  sessionCreatedAt: string,
): boolean {
  if (!user.superAdminProvenAt || !superAdminEmails.includes(user.email)) return false;
  return Date.parse(sessionCreatedAt) >= Date.parse(user.superAdminProvenAt);
}
