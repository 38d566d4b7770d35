/**
 * Foreign-key violation on either database: a row was written for a part that a concurrent
 * request deleted after our check, or a part was deleted while a recipe started to use it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
