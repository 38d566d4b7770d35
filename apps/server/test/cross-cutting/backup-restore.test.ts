import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { backupDatabase, defaultBackupFolder, inspectBackup, restoreDatabase } from '../../src/db/backup.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import type { Db } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { insertAnnouncement } from '../../src/domains/announcements/announcements-repository.ts';
import { insertOauthState } from '../../src/domains/auth/oauth-states-repository.ts';
import { type CommandIo, EXIT_FAILED, EXIT_OK, EXIT_USAGE, runBackupCommand, runRestoreCommand } from '../../src/scripts/backup-commands.ts';
import { baseTestConfig } from '../helpers/base-test-config.ts';
import { storeInviteCode, registerUser } from '../factories/users.ts';
import { createPlan, manufacture } from '../factories/manufacturing.ts';
import { createOrder } from '../factories/orders.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, receive } from '../factories/parts.ts';
import { createPrivateDatabase, waitForNoConnections } from '../helpers/private-database-app.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { call } from '../helpers/test-app.ts';
import { createFormat, importFile, shopifyCsv } from '../sales-import/sales-import-helpers.ts';

// `npm run backup` and `npm run restore` on this run's database (SQLite file or PostgreSQL): a
// backup taken by the real command in a process of its own while the app keeps writing is one
// exact state of the database (every row of every table, the table list read from the database,
// so a new table is covered without a change here), and the restore brings that state back after
// the data was changed and deleted. The refusals: no file, not a backup, a newer app's backup,
// the app still running, no confirmation.

const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const serverFolder = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'inventory-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const databaseUrl = await createPrivateDatabase();
const config = baseTestConfig(databaseUrl);
const databaseName = kind === 'postgres' ? new URL(databaseUrl).pathname.slice(1) : '';
// PostgreSQL's safety copies would go to ./data/backups of this checkout; SQLite's go beside the test's file.
const backupEnv: NodeJS.ProcessEnv = kind === 'postgres' ? { BACKUP_DIR: path.join(work, 'kept') } : {};
const backupFolder = defaultBackupFolder(databaseUrl, backupEnv);

/** Runs scripts/<name>.ts as `npm run` does (node with tsx, in apps/server), with DATABASE_URL set. */
function runScript(name: 'backup' | 'restore', args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/scripts/${name}.ts`, ...args], {
      cwd: serverFolder,
      env: { ...process.env, DATABASE_URL: databaseUrl, INIT_CWD: work, ...backupEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npm run backup -- backups/` while the test writes. On SQLite the real script runs in a process
 * of its own, as beside a running app; on PostgreSQL the command runs here, since pg_dump is a
 * process of its own anyway (and a second tsx start would cost the test seconds).
 */
async function backUpWhileWriting() {
  if (kind === 'sqlite') return runScript('backup', ['backups/']);
  const { io, printed } = commandIo();
  const code = await runBackupCommand(['backups/'], io);
  return { code, stdout: printed.out.join('\n'), stderr: printed.err.join('\n') };
}

/** The commands in this process, with what they print collected and `answer` typed at the prompt (null: no terminal). */
function commandIo(env: NodeJS.ProcessEnv = {}, answer: string | null = null) {
  const printed = { out: [] as string[], err: [] as string[], asked: [] as string[] };
  const io: CommandIo = {
    env: { DATABASE_URL: databaseUrl, ...backupEnv, ...env },
    cwd: work,
    out: (line) => printed.out.push(line),
    err: (line) => printed.err.push(line),
    ask:
      answer === null
        ? null
        : async (question) => {
            printed.asked.push(question);
            return answer;
          },
  };
  return { io, printed };
}

interface Snapshot {
  tables: Record<string, string[]>;
  json: string;
}

/** Every row of every table (the migration tables included), each table's rows sorted by their JSON. */
async function snapshot(db: Db, tableNames: string[]): Promise<Snapshot> {
  const rows = await Promise.all(tableNames.map((name) => db.selectFrom(name as 'parts').selectAll().execute()));
  const tables = Object.fromEntries(tableNames.map((name, index) => [name, rows[index]!.map((row) => JSON.stringify(row)).sort()]));
  return { tables, json: JSON.stringify(tables) };
}

const listTables = async (db: Db) => (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name).sort();

/** Closes the app and waits until PostgreSQL has let go of its connections (the restore refuses while any is open). */
async function closeApp(app: FastifyInstance) {
  await app.close();
  if (kind === 'postgres') await waitForNoConnections(databaseName);
}

/** Rows of `table` in a backup file, read without restoring it. */
function rowsInBackup(file: string, table: string): number {
  if (kind === 'sqlite') {
    const db = new SQLite(file, { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const { stdout } = spawnSync('pg_restore', ['--data-only', `--table=${table}`, '--file=-', file], { encoding: 'utf8' });
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY '));
  return lines.indexOf('\\.', start) - start - 1;
}

const privateMode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** One user's workspace with a row in every table, made through the API where the app has a call for it. */
async function seedEveryTable(app: FastifyInstance) {
  const owner = await registerUser(app, { name: '持ち主' });
  const workspaceId = owner.user.current_workspace.id;
  await registerUser(app, { name: '仲間', invitation_code: await storeInviteCode(app, workspaceId) });
  const wrongLogin = await call(app, 'POST', '/api/auth/login', { body: { email: owner.email, password: 'wrong-password' } });
  expect(wrongLogin.statusCode).toBe(401);
  await insertOauthState(app.db, { state: 'state-of-a-sign-in', codeVerifier: 'verifier', nonce: 'nonce' });
  await insertAnnouncement(app.db, { title: 'お知らせ', content: '本文', type: 'info', is_active: true }, owner.user.id);

  const token = owner.token;
  const tag = await createTag(app, token);
  const part = await createPart(app, token, { unit: '個', unit_price: 12.5, min_stock_alert: 3 });
  const tagged = await call(app, 'POST', `/api/parts/${part.id}/tags`, { token, body: { tag_id: tag.id } });
  expect(tagged.statusCode, tagged.body).toBe(201);
  await createOrder(app, token, part.id);
  expect((await receive(app, token, part.id, 20)).statusCode).toBe(201);
  const product = await createProduct(app, token, { selling_price: 1500, part_number: 'BACKUP-1' });
  await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 1 }]);
  expect((await manufacture(app, token, product.id, { quantity: 5 })).statusCode).toBe(201);
  await createPlan(app, token, { product_id: product.id, quantity: 10, start_date: '2026-11-20', end_date: '2026-11-30' });
  const sale = await sell(app, token, product.id);
  const stocktake = await call(app, 'POST', '/api/stocktakes', { token, body: { name: '棚卸し', scope: { kind: 'all' } } });
  expect(stocktake.statusCode, stocktake.body).toBe(201);
  const counted = await call(app, 'PUT', `/api/stocktakes/${stocktake.json().id}/counts`, { token, body: { counts: [{ part_id: part.id, counted: 3 }] } });
  expect(counted.statusCode, counted.body).toBe(200);

  // A shop's orders: a saved format, an import (its lines and history) and a remembered product choice.
  await createFormat(app, token, { name: '自社形式', columns: { order_id: '注文', order_date: '日付', sku: 'SKU', product_name: null, variation: null, quantity: '数', unit_price: '単価', status: null } });
  const order = { name: '#1001', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'BACKUP-1', name: product.name, quantity: 1, price: 1500 }] };
  expect((await importFile(app, token, 'import', shopifyCsv([order]))).imported).toBe(1);
  const alias = await call(app, 'POST', '/api/sales/import/aliases', { token, body: { source: 'shopify', external_sku: 'OTHER', external_name: '別の品', product_id: product.id } });
  expect(alias.statusCode, alias.body).toBe(200);

  // The account's protections: a reset mail asked for, TOTP on (recovery codes), a sign-in waiting
  // for its code, a passkey ceremony begun, and a passkey (stored as the ceremony would: the
  // ceremony itself needs an authenticator, see test/auth/passkeys.test.ts).
  expect((await call(app, 'POST', '/api/auth/forgot-password', { body: { email: owner.email } })).statusCode).toBe(202);
  const { secret } = (await call(app, 'POST', '/api/auth/totp/setup', { token })).json() as { secret: string };
  const enabled = await call(app, 'POST', '/api/auth/totp/enable', { token, body: { code: await generate({ secret }) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const signIn = await call(app, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } });
  expect(signIn.json(), signIn.body).toHaveProperty('mfa_token');
  expect((await call(app, 'POST', '/api/auth/passkeys/register/options', { token })).statusCode).toBe(200);
  await app.db
    .insertInto('passkeys')
    .values({ user_id: owner.user.id, credential_id: 'backup-credential', public_key: 'AA', name: 'ノートPC', created_at: new Date().toISOString(), last_used_at: null })
    .execute();
  return { owner, token, part, product, tag, sale };
}

// Each test runs pg_dump, pg_restore and psql or a tsx process a few times: seconds on a busy machine.
describe(`backup and restore on ${kind}`, { timeout: 60_000 }, () => {
  it('backs up while the app writes, then restores exactly the state it saw, every row of every table', async () => {
    const app = await buildApp(config);
    const seeded = await seedEveryTable(app);
    const { token, part, product } = seeded;
    const tableNames = await listTables(app.db);
    const seededState = await snapshot(app.db, tableNames);
    const emptyTables = tableNames.filter((name) => seededState.tables[name]!.length === 0);
    expect(emptyTables, 'every table needs a row here, so its rows are compared').toEqual([]);

    // One write after another (each its own transaction), with the whole database read after each.
    const states = [seededState];
    let writing = true;
    const writes = [
      () => receive(app, token, part.id, 2),
      () => manufacture(app, token, product.id, { quantity: 1 }),
      () => call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: { quantity: 1, unit_price: 1500, sale_date: '2026-11-22' } }),
    ];
    let writeFailure: unknown;
    const writer = (async () => {
      for (let step = 0; writing; step++) {
        const response = await writes[step % writes.length]!();
        expect(response.statusCode, response.body).toBe(201);
        states.push(await snapshot(app.db, tableNames));
        // A breath between writes, so the backup's process gets the CPU on a busy machine.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })().catch((error: unknown) => (writeFailure = error ?? new Error('write failed')));

    // A few writes first, so the backup cannot simply be the seeded state.
    while (states.length < 4 && writeFailure === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    const backedUp = await backUpWhileWriting();
    writing = false;
    await writer;
    if (writeFailure !== undefined) throw writeFailure;
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(EXIT_OK);
    const backupFile = /written to (.+) \(([\d.]+ (?:KB|MB|bytes))\)\.$/m.exec(backedUp.stdout)?.[1];
    expect(backupFile, backedUp.stdout).toBeDefined();
    expect(path.dirname(backupFile!)).toBe(path.join(work, 'backups'));
    expect(path.basename(backupFile!)).toMatch(kind === 'sqlite' ? /^app-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db$/ : /-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
    expect(privateMode(backupFile!)).toBe('600');
    expect(privateMode(path.dirname(backupFile!))).toBe('700');
    expect(readdirSync(path.dirname(backupFile!)), 'no .partial file is left').toEqual([path.basename(backupFile!)]);

    // Change and delete data after the backup: a logout, a deleted sale, a renamed part, a new
    // part, and every sale row gone behind the app's back.
    expect((await call(app, 'DELETE', `/api/sales/${seeded.sale.sale.id}`, { token })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    const other = await registerUser(app, { name: '後から来た人' });
    await createPart(app, other.token);
    await app.db.updateTable('parts').set({ name: '書き換えた名前' }).where('id', '=', part.id).execute();
    await app.db.deleteFrom('sales').execute();
    const changed = await snapshot(app.db, tableNames);
    expect(changed.json).not.toBe(states.at(-1)!.json);

    // While the app has the database open, the restore refuses and changes nothing.
    const whileRunning = commandIo();
    expect(await runRestoreCommand([backupFile!, '--yes'], whileRunning.io)).toBe(EXIT_FAILED);
    expect(whileRunning.printed.err.join('\n')).toMatch(kind === 'sqlite' ? /is open in another process\. Stop the app/ : /other sessions? (is|are) connected to .*Stop every instance of the app/);
    expect((await snapshot(app.db, tableNames)).json).toBe(changed.json);

    await closeApp(app);
    const restore = commandIo();
    expect(await runRestoreCommand([backupFile!, '--yes'], restore.io)).toBe(EXIT_OK);
    expect(restore.printed.err).toEqual([]);
    const restored = restore.printed.out.join('\n');
    expect(restored).toContain(`Restored ${backupFile} into the ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database`);
    expect(restored).toContain("The backup's schema is already this version's.");

    // The replaced database was kept first, privately, with the changes (no sales any more).
    const safetyCopy = /The database it replaced is kept in (.+) \(/.exec(restored)?.[1];
    expect(safetyCopy, restored).toBeDefined();
    expect(path.dirname(safetyCopy!)).toBe(backupFolder);
    expect(path.basename(safetyCopy!)).toContain('-before-restore-');
    expect(privateMode(safetyCopy!)).toBe('600');
    expect((await inspectBackup(safetyCopy!)).kind).toBe(kind);
    expect(rowsInBackup(safetyCopy!, 'sales')).toBe(0);
    expect(rowsInBackup(backupFile!, 'sales')).toBeGreaterThan(0);

    const reopened = await buildApp(config);
    try {
      expect(await listTables(reopened.db)).toEqual(tableNames);
      const after = await snapshot(reopened.db, tableNames);
      const index = states.findIndex((state) => state.json === after.json);
      // On a mismatch, show the difference from the last state the writer saw.
      if (index < 0) expect(after.tables).toEqual(states.at(-1)!.tables);
      // The backup saw a state the writer made while the command ran, not only the seeded one.
      expect(index, `matched state ${index} of ${states.length}`).toBeGreaterThanOrEqual(3);

      // The app works on the restored database: the session logged out after the backup is valid
      // again, and new rows get fresh ids (PostgreSQL's identity sequences came back too).
      expect((await call(reopened, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
      const added = await call(reopened, 'POST', '/api/parts', { token, body: { name: '復元後の部品' } });
      expect(added.statusCode, added.body).toBe(201);
      console.info(`[backup-restore ${kind}] the backup matched state ${index} of ${states.length - 1} writes made while it ran`);
    } finally {
      await closeApp(reopened);
    }
  });

  it('restores an older backup and brings it up to the latest schema', async () => {
    // A database as the first version of the app left it, with one workspace in it.
    const olderUrl = kind === 'sqlite' ? `sqlite:${path.join(work, 'older.db')}` : await createPrivateDatabase();
    const { db: older } = createDatabase(olderUrl);
    const first = Object.keys(migrations)[0]!;
    const migrated = await new Migrator({ db: older, provider: { getMigrations: async () => migrations } }).migrateTo(first);
    expect(migrated.error).toBeUndefined();
    const now = new Date().toISOString();
    await older.insertInto('workspaces').values({ name: '昔のワークスペース', created_at: now, updated_at: now }).execute();
    await older.destroy();
    const olderBackup = await backupDatabase(olderUrl, { target: path.join(work, 'older-backups/') });
    expect(await inspectBackup(olderBackup.file)).toEqual({ kind, migrations: [first] });

    const result = await restoreDatabase(databaseUrl, olderBackup.file, { backupFolder });
    expect(result.migrationsApplied).toEqual(Object.keys(migrations).slice(1));
    expect(result.safetyCopy).not.toBeNull();

    const { db } = createDatabase(databaseUrl);
    try {
      expect(await db.selectFrom('workspaces').select('name').execute()).toEqual([{ name: '昔のワークスペース' }]);
      const applied = await db.selectFrom('kysely_migration' as 'parts').select('name').orderBy('name').execute();
      expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations));
    } finally {
      await db.destroy();
      if (kind === 'postgres') await waitForNoConnections(databaseName);
    }
  });

  it('refuses to restore without a file, from a file that is not a backup, and without confirmation', async () => {
    const before = await snapshotOfClosedDatabase();
    const backup = await backupDatabase(databaseUrl, { target: path.join(work, 'refusals/') });

    const noFile = commandIo();
    expect(await runRestoreCommand(['--yes'], noFile.io)).toBe(EXIT_USAGE);
    expect(noFile.printed.err.join('\n')).toMatch(/^Name the backup file to restore\.\n\nUsage: npm run restore -- <backup file> \[--yes\]/);

    const unknownOption = commandIo();
    expect(await runRestoreCommand([backup.file, '--force'], unknownOption.io)).toBe(EXIT_USAGE);
    expect(unknownOption.printed.err.join('\n')).toContain("Unknown option '--force'");

    const missing = commandIo();
    expect(await runRestoreCommand(['no-such-backup.db', '--yes'], missing.io)).toBe(EXIT_FAILED);
    expect(missing.printed.err).toEqual([`Restore failed: There is no file ${path.join(work, 'no-such-backup.db')}.`]);

    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'not a backup\n');
    const notBackup = commandIo();
    expect(await runRestoreCommand([text, '--yes'], notBackup.io)).toBe(EXIT_FAILED);
    expect(notBackup.printed.err).toEqual([
      `Restore failed: ${text} is not a backup of this app: it is neither an SQLite database nor a pg_dump archive (custom format).`,
    ]);

    // An SQLite database of something else, and a backup with its migration table emptied.
    const foreign = path.join(work, 'foreign.db');
    const foreignDb = new SQLite(foreign);
    foreignDb.exec('create table notes (id integer primary key, body text); insert into notes (body) values (1)');
    foreignDb.close();
    const foreignRun = commandIo();
    expect(await runRestoreCommand([foreign, '--yes'], foreignRun.io)).toBe(EXIT_FAILED);
    expect(foreignRun.printed.err).toEqual([`Restore failed: ${foreign} is not a backup of this app: it has no kysely_migration table.`]);

    // No terminal and no --yes: it says what it would do and stops; "no" at the prompt cancels.
    const unconfirmed = commandIo();
    expect(await runRestoreCommand([backup.file], unconfirmed.io)).toBe(EXIT_FAILED);
    expect(unconfirmed.printed.err.join('\n')).toContain('There is no terminal to confirm on: add --yes to restore. Nothing was changed.');
    const declined = commandIo({}, 'no');
    expect(await runRestoreCommand([backup.file], declined.io)).toBe(EXIT_FAILED);
    expect(declined.printed.out.join('\n')).toMatch(/^This replaces everything in the (SQLite|PostgreSQL) database /);
    expect(declined.printed.asked).toEqual(['Type "yes" to restore: ']);
    expect(declined.printed.err).toEqual(['Restore cancelled. Nothing was changed.']);

    expect(await snapshotOfClosedDatabase()).toBe(before);

    // "yes" at the prompt restores.
    const confirmed = commandIo({}, 'yes');
    expect(await runRestoreCommand([backup.file], confirmed.io)).toBe(EXIT_OK);
    expect(confirmed.printed.out.join('\n')).toContain(`Restored ${backup.file}`);
    expect(await snapshotOfClosedDatabase()).toBe(before);
  });

  it.runIf(kind === 'sqlite')('refuses a backup made by a newer version of the app (its migrations are checked the same way on PostgreSQL)', async () => {
    const backup = await backupDatabase(databaseUrl, { target: path.join(work, 'newer/') });
    const newer = path.join(work, 'newer', 'from-the-future.db');
    copyFileSync(backup.file, newer);
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2099-01-01-0001-something-new', new Date().toISOString());
    db.close();
    const run = commandIo();
    expect(await runRestoreCommand([newer, '--yes'], run.io)).toBe(EXIT_FAILED);
    expect(run.printed.err).toEqual([
      `Restore failed: ${newer} was made by a newer version of this app (it has the migration 2099-01-01-0001-something-new, ` +
        'which this version does not know). Update the app, then restore.',
    ]);
  });

  it.runIf(kind === 'postgres')('refuses an SQLite backup on PostgreSQL', async () => {
    const sqliteUrl = `sqlite:${path.join(work, 'sqlite-source.db')}`;
    const { db } = createDatabase(sqliteUrl);
    await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    await db.destroy();
    const sqliteBackup = await backupDatabase(sqliteUrl, { target: path.join(work, 'sqlite-backup.db') });
    const run = commandIo();
    expect(await runRestoreCommand([sqliteBackup.file, '--yes'], run.io)).toBe(EXIT_FAILED);
    expect(run.printed.err).toEqual([
      `Restore failed: ${sqliteBackup.file} is a SQLite backup, but DATABASE_URL points at PostgreSQL. ` +
        'Restore it with DATABASE_URL set to a SQLite database; moving data between the two is not supported.',
    ]);
  });

  it('backup: names the file, never overwrites one, and answers wrong arguments with the usage', async () => {
    const named = commandIo();
    expect(await runBackupCommand(['named/nightly.bak'], named.io)).toBe(EXIT_OK);
    const file = path.join(work, 'named', 'nightly.bak');
    expect(named.printed.out).toEqual([expect.stringMatching(new RegExp(`^Backup of the .+ written to ${file.replaceAll('.', '\\.')} \\(\\d+\\.\\d (KB|MB)\\)\\.$`))]);
    expect((await inspectBackup(file)).kind).toBe(kind);

    const again = commandIo();
    expect(await runBackupCommand(['named/nightly.bak'], again.io)).toBe(EXIT_FAILED);
    expect(again.printed.err).toEqual([`Backup failed: ${file} already exists; a backup never overwrites a file. Name another file or a folder.`]);

    // Two backups into one folder within the same second get distinct names.
    const now = new Date('2026-11-22T10:30:00Z');
    const one = await backupDatabase(databaseUrl, { target: path.join(work, 'same-second/'), now });
    const two = await backupDatabase(databaseUrl, { target: path.join(work, 'same-second/'), now });
    expect([path.basename(one.file), path.basename(two.file)]).toEqual(
      kind === 'sqlite' ? ['app-2026-11-22T10-30-00Z.db', 'app-2026-11-22T10-30-00Z-2.db'] : [`${databaseName}-2026-11-22T10-30-00Z.dump`, `${databaseName}-2026-11-22T10-30-00Z-2.dump`],
    );

    const twoTargets = commandIo();
    expect(await runBackupCommand(['a.db', 'b.db'], twoTargets.io)).toBe(EXIT_USAGE);
    expect(twoTargets.printed.err.join('\n')).toMatch(/^Give at most one file or folder\.\n\nUsage: npm run backup/);
    const wrongOption = commandIo();
    expect(await runBackupCommand(['--yes'], wrongOption.io)).toBe(EXIT_USAGE);

    const mistyped = commandIo({ DATABASE_URL: 'mysql://localhost/app' });
    expect(await runBackupCommand([], mistyped.io)).toBe(EXIT_FAILED);
    expect(mistyped.printed.err).toEqual(['Backup failed: DATABASE_URL must start with sqlite: or postgres://, got "mysql://localhost/app"']);

    const memory = commandIo({ DATABASE_URL: 'sqlite::memory:' });
    expect(await runBackupCommand([], memory.io)).toBe(EXIT_FAILED);
    expect(memory.printed.err[0]).toContain('DATABASE_URL names an in-memory SQLite database');
  });

  it.runIf(kind === 'sqlite')("the restore script exits with the command's code (the backup script ran above)", async () => {
    const run = await runScript('restore', []);
    expect(run.code).toBe(EXIT_USAGE);
    expect(run.stderr).toMatch(/^Name the backup file to restore\.\n\nUsage: npm run restore -- <backup file> \[--yes\]/);
    expect(run.stdout).toBe('');
  });

  it.runIf(kind === 'sqlite')('backup: without an argument, a timestamped file in backups/ beside the database; none when there is no database', async () => {
    const run = commandIo();
    expect(await runBackupCommand([], run.io)).toBe(EXIT_OK);
    const folder = path.join(path.dirname(databaseUrl.slice('sqlite:'.length)), 'backups');
    expect(run.printed.out[0]).toContain(`written to ${folder}${path.sep}app-`);

    const nowhere = path.join(work, 'nowhere', 'app.db');
    const missing = commandIo({ DATABASE_URL: `sqlite:${nowhere}` });
    expect(await runBackupCommand([], missing.io)).toBe(EXIT_FAILED);
    expect(missing.printed.err).toEqual([
      `Backup failed: There is no database at ${nowhere}. Check DATABASE_URL (the app creates the file on its first start).`,
    ]);
    expect(existsSync(nowhere)).toBe(false);
  });

  it.runIf(kind === 'postgres')('backup: a clear error when pg_dump is missing or older than the server', async () => {
    expect(defaultBackupFolder(databaseUrl)).toBe(path.resolve('data', 'backups'));
    expect(defaultBackupFolder(databaseUrl, { BACKUP_DIR: 'elsewhere' })).toBe(path.resolve('elsewhere'));
    const emptyBin = mkdtempSync(path.join(work, 'bin-'));
    const missing = commandIo({ PG_BIN_DIR: emptyBin });
    expect(await runBackupCommand(['missing/'], missing.io)).toBe(EXIT_FAILED);
    expect(missing.printed.err).toEqual([
      `Backup failed: pg_dump was not found in ${emptyBin}. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client), ` +
        'or set PG_BIN_DIR to the folder that holds them.',
    ]);

    // A pg_dump that says it is version 9.6 against this server.
    const oldBin = mkdtempSync(path.join(work, 'old-bin-'));
    writeFileSync(path.join(oldBin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    chmodSync(path.join(oldBin, 'pg_dump'), 0o755);
    const old = commandIo({ PG_BIN_DIR: oldBin });
    expect(await runBackupCommand(['old/'], old.io)).toBe(EXIT_FAILED);
    expect(old.printed.err[0]).toMatch(
      /^Backup failed: The PostgreSQL server is version (\d+) but pg_dump is version 9; pg_dump must be at least as new as the server\. Install the client tools of version \1 \(Debian\/Ubuntu: apt-get install postgresql-client-\1\) and set PG_BIN_DIR to their folder \(e\.g\. \/usr\/lib\/postgresql\/\1\/bin\)\.$/,
    );
    expect(existsSync(path.join(work, 'old'))).toBe(false);
  });
});

/** The whole database as JSON, read by a connection of its own that is closed again (the restore needs the database to itself). */
async function snapshotOfClosedDatabase(): Promise<string> {
  const { db } = createDatabase(databaseUrl);
  try {
    return (await snapshot(db, await listTables(db))).json;
  } finally {
    await db.destroy();
    if (kind === 'postgres') await waitForNoConnections(databaseName);
  }
}

