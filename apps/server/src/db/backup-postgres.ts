import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { BackupError, type BackupFile, writeThroughPartialFile } from './backup-files.ts';

// PostgreSQL backups are pg_dump archives in the custom format (-Fc): pg_dump reads every table
// in one repeatable-read transaction, so the archive is one consistent state while the app keeps
// writing, and it is compressed. A restore replays it through psql inside one transaction.

export const PG_DUMP_HEADER = Buffer.from('PGDMP', 'latin1');

export interface PostgresToolOptions {
  /** Folder of pg_dump, pg_restore and psql (PG_BIN_DIR); unset: found on the PATH. */
  binDir?: string | undefined;
}

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

/** The URL to show and to hand to libpq: the password goes in PGPASSWORD, never on a command line others can list. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.href;
}

function libpqEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? '10' };
}

interface Started {
  child: ChildProcess;
  /** Exit code and standard error (and standard output when collected) once the tool has ended. */
  finished: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function start(tool: Tool, args: string[], { binDir, env, stdin = 'ignore', stdout = 'collect' }: PostgresToolOptions & {
  env?: NodeJS.ProcessEnv;
  stdin?: 'ignore' | 'pipe';
  stdout?: 'collect' | 'stream' | 'ignore';
}): Started {
  const command = binDir ? path.join(binDir, tool) : tool;
  const child = spawn(command, args, { env: env ?? process.env, stdio: [stdin, stdout === 'ignore' ? 'ignore' : 'pipe', 'pipe'] });
  const finished = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    let out = '';
    let err = '';
    if (stdout === 'collect') child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return reject(error);
      reject(
        new BackupError(
          `${tool} was not found ${binDir ? `in ${binDir}` : 'on the PATH'}. Install the PostgreSQL client tools ` +
            '(Debian/Ubuntu: apt-get install postgresql-client), or set PG_BIN_DIR to the folder that holds them.',
        ),
      );
    });
    child.once('close', (code) => resolve({ code, stdout: out, stderr: err.trim() }));
  });
  return { child, finished };
}

const run = (tool: Tool, args: string[], options: Parameters<typeof start>[2]) => start(tool, args, options).finished;

async function majorVersionOf(tool: Tool, options: PostgresToolOptions): Promise<number> {
  const { code, stdout } = await run(tool, ['--version'], options);
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1];
  if (code !== 0 || !major) throw new BackupError(`Cannot tell the version of ${tool} (it answered "${stdout.trim()}").`);
  return Number(major);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(`Cannot connect to ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const hasAppTables = async (client: pg.Client) =>
  (await client.query<{ found: boolean }>("select to_regclass('kysely_migration') is not null as found")).rows[0]!.found;

/** The names in the archive's migration table, after checking that pg_restore can read the archive. */
export async function readPostgresBackupMigrations(file: string, options: PostgresToolOptions): Promise<string[]> {
  const list = await run('pg_restore', ['--list', file], options);
  if (list.code !== 0) {
    const newer = list.stderr.includes('unsupported version')
      ? ' It was written by a newer pg_dump than this pg_restore; use the client tools of that version (PG_BIN_DIR).'
      : '';
    throw new BackupError(`pg_restore cannot read ${file}: ${list.stderr}${newer}`);
  }
  if (!/^\d+; \d+ \d+ TABLE \S+ kysely_migration\b/m.test(list.stdout)) {
    throw new BackupError(`${file} is not a backup of this app: the archive has no kysely_migration table.`);
  }
  const data = await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file], options);
  if (data.code !== 0) throw new BackupError(`pg_restore cannot read the migration table of ${file}: ${data.stderr}`);
  // COPY … FROM stdin; then one tab-separated row per line until "\.".
  const lines = data.stdout.split('\n');
  const first = lines.findIndex((line) => line.startsWith('COPY ') && line.includes('kysely_migration'));
  if (first < 0) return [];
  const end = lines.indexOf('\\.', first);
  return lines.slice(first + 1, end < 0 ? undefined : end).map((line) => line.split('\t')[0]!);
}

/**
 * pg_dump of the database at `url` into the file `reserve` gives, once the versions are checked
 * and the database is this app's (so a refusal leaves no file behind).
 */
export async function backupPostgresDatabase(url: string, reserve: () => string, options: PostgresToolOptions): Promise<BackupFile> {
  const clientMajor = await majorVersionOf('pg_dump', options);
  const { serverMajor, isApp } = await withClient(url, async (client) => ({
    serverMajor: Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10_000),
    isApp: await hasAppTables(client),
  }));
  if (serverMajor > clientMajor) {
    throw new BackupError(
      `The PostgreSQL server is version ${serverMajor} but pg_dump is version ${clientMajor}; pg_dump must be at least as new as the server. ` +
        `Install the client tools of version ${serverMajor} (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}) ` +
        `and set PG_BIN_DIR to their folder (e.g. /usr/lib/postgresql/${serverMajor}/bin).`,
    );
  }
  if (!isApp) throw new BackupError(`${withoutPassword(url)} is not this app's database (it has no kysely_migration table); check DATABASE_URL.`);
  return writeThroughPartialFile(reserve(), async (partial) => {
    const dump = await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${withoutPassword(url)}`], {
      ...options,
      env: libpqEnv(url),
    });
    if (dump.code !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr}`);
    await readPostgresBackupMigrations(partial, options);
  });
}

/**
 * Replaces every table of the database's schema with the archive's, in one transaction: psql
 * runs `begin`, drops the tables, runs what pg_restore writes, and commits only when pg_restore
 * has finished without error (otherwise the session ends and PostgreSQL rolls everything back).
 * Dropping first, rather than pg_restore --clean, also removes tables a newer migration added,
 * so the migrations after the restore start from the backup's own schema. The database is kept
 * in `reserveSafetyCopy()` first (null when it held none of the app's tables).
 */
export async function restorePostgresDatabase(
  url: string,
  backupFile: string,
  reserveSafetyCopy: () => string,
  options: PostgresToolOptions,
): Promise<BackupFile | null> {
  const { tables, isApp } = await withClient(url, async (client) => {
    const others = await client.query<{ sessions: number; who: string | null }>(
      `select count(*)::int as sessions,
              string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'local socket'), ', ') as who
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const { sessions, who } = others.rows[0]!;
    if (sessions > 0) {
      throw new BackupError(
        `${sessions} other session${sessions > 1 ? 's are' : ' is'} connected to ${withoutPassword(url)} (${who}). ` +
          'Stop every instance of the app (and other clients of that database), then run the restore again.',
      );
    }
    const rows = await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = current_schema() order by tablename",
    );
    return { tables: rows.rows.map((row) => row.name), isApp: await hasAppTables(client) };
  });
  if (tables.length > 0 && !isApp) {
    throw new BackupError(
      `${withoutPassword(url)} holds tables that are not this app's (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}); ` +
        "a restore replaces every table of the database's schema. Point DATABASE_URL at the app's database or an empty one.",
    );
  }
  const safetyCopy = isApp ? await backupPostgresDatabase(url, reserveSafetyCopy, options) : null;

  const env = libpqEnv(url);
  const psql = start('psql', ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', `--dbname=${withoutPassword(url)}`], {
    ...options,
    env,
    stdin: 'pipe',
    stdout: 'ignore',
  });
  // Owners and grants are left out: the tables belong to the user of DATABASE_URL, as when the app creates them.
  const restore = start('pg_restore', ['--no-owner', '--no-privileges', '--no-comments', '--file=-', backupFile], {
    ...options,
    env,
    stdout: 'stream',
  });
  const input = psql.child.stdin!;
  // psql may stop first (an error): its answer is read below, the broken pipe is not news.
  input.on('error', () => {});
  input.write(`begin;\n${tables.length > 0 ? `drop table if exists ${tables.join(', ')} cascade;\n` : ''}`);
  restore.child.stdout!.pipe(input, { end: false });
  const restored = await restore.finished.catch((error: unknown) => ({ code: null, stdout: '', stderr: String(error), error }));
  if (restored.code === 0) input.end('commit;\n');
  else input.end();
  const applied = await psql.finished;
  if ('error' in restored && restored.error instanceof BackupError) throw restored.error;
  if (restored.code !== 0) throw new BackupError(`pg_restore failed, nothing was changed: ${restored.stderr}`);
  if (applied.code !== 0) throw new BackupError(`The restore failed in psql, nothing was changed: ${applied.stderr}`);
  return safetyCopy;
}
