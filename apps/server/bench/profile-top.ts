import { readFileSync } from 'node:fs';
import path from 'node:path';

// node --import tsx bench/profile-top.ts <file.cpuprofile> [count]: the functions with the most
// self time in a V8 CPU profile (as written by BENCH_CPU_PROF / node --cpu-prof), and the
// packages they belong to, to find what the request path spends its time on.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const selfUs = new Map<number, number>();
profile.samples.forEach((nodeId, index) => selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);

const where = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  if (url.startsWith('node:')) return url;
  return url ? path.relative(process.cwd(), url.replace(/^file:\/\//, '')) : '(native)';
};
const packageOf = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules < 0) return url.startsWith('node:') ? 'node' : url ? 'app' : '(native / gc / idle)';
  const rest = url.slice(modules + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
};

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'}  ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + us);
}

const percent = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`Self time by package (${(total / 1e6).toFixed(1)} s sampled):`);
for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${percent(us)}  ${name}`);
console.log('\nTop functions by self time:');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 40))) console.log(`${percent(us)}  ${name}`);
