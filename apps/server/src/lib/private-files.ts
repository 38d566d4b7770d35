import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

// The database and the JWT secret are readable by their owner only: other accounts on the
// machine must not copy the data or forge tokens.

/** Creates the folder (and missing parents) as 0700. An existing folder is left as the operator set it. */
export function ensurePrivateFolder(folder: string): void {
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
}

/** Makes the file 0600, creating it empty when missing (SQLite treats an empty file as a new database). */
export function ensurePrivateFile(file: string): void {
  if (existsSync(file)) chmodSync(file, 0o600);
  else closeSync(openSync(file, 'a', 0o600));
}
