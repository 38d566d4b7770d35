import pg from 'pg';

/** Where the PostgreSQL tests create their throw-away database (override with TEST_POSTGRES_URL). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Decides whether the PostgreSQL test project runs. Outside CI a missing server skips it with a
 * printed reason; with CI=true it is a failure, because CI must test both databases.
 */
export async function describePostgresAvailability(): Promise<{ available: boolean; reason: string }> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { available: true, reason: '' };
  } catch (error) {
    const reason =
      `PostgreSQL tests cannot run: no server at ${POSTGRES_ADMIN_URL} (${(error as Error).message}). ` +
      'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
    if (process.env.CI === 'true') throw new Error(`${reason}\nCI=true requires PostgreSQL.`, { cause: error });
    return { available: false, reason: `${reason}. Skipping the server-postgres project.` };
  } finally {
    await client.end().catch(() => {});
  }
}
