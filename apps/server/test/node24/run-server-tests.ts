import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { node24Settings } from './node24-settings.ts';
import { Node24Unavailable, node24Environment, prepareNode24 } from './prepare-node24.ts';

// npm run test:server:node24 [-- vitest arguments]: the server tests on Node 24 (README, Test).
// Gets Node 24 and its better-sqlite3 build first (prepare-node24.ts; cached), then runs vitest on
// Node 24 with the projects of node24-settings.ts, or those named by `--project` arguments.
// `--prepare-only` stops after the preparation (CI starts it early, in the background).
// When the registry cannot provide Node 24, CI (CI=true) fails and a local run skips with the reason.

const started = Date.now();
const log = (line: string) => console.log(`[node24] ${line}`);
const args = process.argv.slice(2);
const prepareOnly = args.includes('--prepare-only');
const vitestArgs = args.filter((arg) => arg !== '--prepare-only');

let node24;
try {
  node24 = prepareNode24(log);
} catch (error) {
  if (!(error instanceof Node24Unavailable)) throw error;
  if (process.env.CI === 'true') {
    console.error(`[node24] Node 24 is not available: ${error.message}.\nCI=true requires the Node 24 server tests.`);
    process.exit(1);
  }
  log(`Node 24 is not available: ${error.message}. Skipping the Node 24 server tests.`);
  process.exit(0);
}
log(`Node ${node24.version} ready, better-sqlite3 built against the ${node24Settings.headers} headers (${seconds(started)} s)`);
if (prepareOnly) process.exit(0);

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const projects = vitestArgs.some((arg) => arg === '--project' || arg.startsWith('--project=')) ? [] : node24Settings.projects.flatMap((name) => ['--project', name]);
const testsStarted = Date.now();
const result = spawnSync(node24.node, [vitest, 'run', ...projects, ...vitestArgs], { cwd: repoRoot, env: node24Environment(node24), stdio: 'inherit' });
log(`tests on Node ${node24.version} ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(testsStarted)} s`);
process.exit(result.status ?? 1);

function seconds(since: number) {
  return Math.round((Date.now() - since) / 1000);
}
