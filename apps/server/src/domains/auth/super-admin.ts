/**
 * Super admin only while the e-mail is listed in SUPER_ADMIN_EMAILS and verified: whoever
 * registers a listed address first must not get the console.
 */
export function isSuperAdmin(superAdminEmails: readonly string[], user: { email: string; emailVerified: boolean }): boolean {
  return user.emailVerified && superAdminEmails.includes(user.email);
}
