import { processIo, runBackupCommand } from './backup-commands.ts';

// `npm run backup [-- <file or folder>]`: see backup-commands.ts and the README.
process.exitCode = await runBackupCommand(process.argv.slice(2), processIo());
