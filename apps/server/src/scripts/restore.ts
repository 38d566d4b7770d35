import { processIo, runRestoreCommand } from './backup-commands.ts';

// `npm run restore -- <backup file> [--yes]`: see backup-commands.ts and the README.
process.exitCode = await runRestoreCommand(process.argv.slice(2), processIo());
