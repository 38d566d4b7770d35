import { statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { databaseUrlFromEnv } from '../config.ts';
import { BackupError, backupDatabase, defaultBackupFolder, describeDatabase, inspectBackup, restoreDatabase } from '../db/backup.ts';

// The two commands behind `npm run backup` and `npm run restore` (scripts/backup.ts and
// scripts/restore.ts only call these): arguments, messages, the confirmation and the exit code.

export const EXIT_OK = 0;
/** The backup or restore failed or was refused; the message says why. */
export const EXIT_FAILED = 1;
/** The command line was wrong; the usage is printed. */
export const EXIT_USAGE = 2;

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  /** Where relative paths on the command line are read from: the folder `npm run` was typed in. */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks on the terminal and answers what was typed; null when there is no terminal to ask. */
  ask: ((question: string) => Promise<string>) | null;
}

/** The real terminal, for the two entry scripts. */
export function processIo(): CommandIo {
  return {
    env: process.env,
    // npm runs the scripts in apps/server and says in INIT_CWD where it was started.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    ask: process.stdin.isTTY
      ? async (question) => {
          const terminal = createInterface({ input: process.stdin, output: process.stdout });
          try {
            return await terminal.question(question);
          } finally {
            terminal.close();
          }
        }
      : null,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const BACKUP_USAGE = `Usage: npm run backup [-- <file or folder>]

Writes a consistent backup of the database named by DATABASE_URL (default sqlite:./data/app.db),
while the app keeps running: a copy made with SQLite's online backup, or a pg_dump archive
(custom format) on PostgreSQL. Without an argument it goes to BACKUP_DIR (default: backups/
beside the data) as a timestamped file; a folder gets a timestamped file, a file name is used as
given. An existing file is never overwritten. Exit code 0: written; 1: failed; 2: wrong arguments.`;

const RESTORE_USAGE = `Usage: npm run restore -- <backup file> [--yes]

Replaces everything in the database named by DATABASE_URL with the backup, then brings its schema
up to this version. Stop the app first. The database it replaces is kept in BACKUP_DIR (default:
backups/ beside the data).
It asks for confirmation on the terminal; --yes (-y) confirms beforehand (for scripts).
Exit code 0: restored; 1: refused, cancelled or failed (nothing changed unless it says so); 2: wrong arguments.`;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;
const YES = { yes: { type: 'boolean', short: 'y' } } as const;

/** node:util's parseArgs, with its complaint (unknown option, …) as a string instead of a throw. */
function parse<Options extends typeof HELP>(argv: string[], options: Options) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    return (error as Error).message;
  }
}

function reportFailure(io: CommandIo, what: string, error: unknown): number {
  io.err(error instanceof BackupError ? `${what}: ${error.message}` : `${what}: ${(error as Error).stack ?? String(error)}`);
  return EXIT_FAILED;
}

/** `npm run backup [-- <file or folder>]` */
export async function runBackupCommand(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parse(argv, HELP);
  if (typeof parsed !== 'string' && parsed.values.help) {
    io.out(BACKUP_USAGE);
    return EXIT_OK;
  }
  if (typeof parsed === 'string' || parsed.positionals.length > 1) {
    io.err(`${typeof parsed === 'string' ? parsed : 'Give at most one file or folder.'}\n\n${BACKUP_USAGE}`);
    return EXIT_USAGE;
  }
  const databaseUrl = databaseUrlFromEnv(io.env);
  const target = parsed.positionals[0];
  try {
    const what = describeDatabase(databaseUrl);
    const backup = await backupDatabase(databaseUrl, {
      // A trailing slash means "this folder", which path.resolve would drop.
      target: target === undefined ? undefined : path.resolve(io.cwd, target) + (/[\\/]$/.test(target) ? path.sep : ''),
      backupFolder: defaultBackupFolder(databaseUrl, io.env),
      binDir: io.env.PG_BIN_DIR,
    });
    io.out(`Backup of the ${what} written to ${backup.file} (${formatBytes(backup.bytes)}).`);
    return EXIT_OK;
  } catch (error) {
    return reportFailure(io, 'Backup failed', error);
  }
}

/** `npm run restore -- <backup file> [--yes]` */
export async function runRestoreCommand(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parse(argv, { ...HELP, ...YES });
  if (typeof parsed !== 'string' && parsed.values.help) {
    io.out(RESTORE_USAGE);
    return EXIT_OK;
  }
  if (typeof parsed === 'string' || parsed.positionals.length !== 1) {
    const problem = typeof parsed === 'string' ? parsed : parsed.positionals.length === 0 ? 'Name the backup file to restore.' : 'Give one backup file.';
    io.err(`${problem}\n\n${RESTORE_USAGE}`);
    return EXIT_USAGE;
  }
  const databaseUrl = databaseUrlFromEnv(io.env);
  const file = path.resolve(io.cwd, parsed.positionals[0]!);
  const binDir = io.env.PG_BIN_DIR;
  try {
    const what = describeDatabase(databaseUrl);
    const backupFolder = defaultBackupFolder(databaseUrl, io.env);
    const info = await inspectBackup(file, { binDir });
    const kindName = info.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const summary =
      `This replaces everything in the ${what}\nwith the backup ${file}\n` +
      `(${kindName}, ${formatBytes(statSync(file).size)}, written ${statSync(file).mtime.toISOString()}, schema ${info.migrations.at(-1)}).\n` +
      `Stop the app first. The database it replaces is kept in ${backupFolder}.`;
    if (!parsed.values.yes) {
      if (!io.ask) {
        io.err(`${summary}\nThere is no terminal to confirm on: add --yes to restore. Nothing was changed.`);
        return EXIT_FAILED;
      }
      io.out(summary);
      const answer = await io.ask('Type "yes" to restore: ');
      if (answer.trim().toLowerCase() !== 'yes') {
        io.err('Restore cancelled. Nothing was changed.');
        return EXIT_FAILED;
      }
    }
    const result = await restoreDatabase(databaseUrl, file, { binDir, backupFolder });
    io.out(`Restored ${file} into the ${what}.`);
    io.out(
      result.safetyCopy
        ? `The database it replaced is kept in ${result.safetyCopy.file} (${formatBytes(result.safetyCopy.bytes)}).`
        : 'There was no database to keep a copy of.',
    );
    io.out(
      result.migrationsApplied.length > 0
        ? `Brought the schema up to this version: ${result.migrationsApplied.join(', ')}.`
        : "The backup's schema is already this version's.",
    );
    return EXIT_OK;
  } catch (error) {
    return reportFailure(io, 'Restore failed', error);
  }
}
