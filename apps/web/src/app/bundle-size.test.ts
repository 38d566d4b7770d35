import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The JavaScript a route needs before its first paint, gzip: the entry chunk and the route's
 * module, each with every chunk it imports statically. What a screen fetches later (dialogs, the
 * code behind a stand-in, other routes) is out of it.
 */
const BUDGET_KB = 200;
const KB = 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = join(import.meta.dirname, '../../dist');

function readManifest(): Manifest {
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app first (npm run build; npm test builds before it runs the tests).`);
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** The route modules the router loads on demand, as the manifest names them. */
function routerRouteModules(): string[] {
  const router = readFileSync(join(import.meta.dirname, 'router.tsx'), 'utf8');
  return [...router.matchAll(/import\('\.\/(routes\/[^']+)'\)/g)].map(([, path]) => `src/app/${path}`).sort();
}

/** The chunks named by `keys` and everything they import statically, as the browser fetches them before running. */
function withStaticImports(manifest: Manifest, keys: string[]): Set<string> {
  const found = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (found.has(key)) continue;
    found.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return found;
}

describe('JavaScript before first paint', () => {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const routes = Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/') && manifest[key]!.isDynamicEntry)
    .sort();
  const gzipKb = new Map<string, number>();
  const sizeKb = (key: string) => {
    const file = manifest[key]!.file;
    if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(join(distDir, file))).length / KB);
    return gzipKb.get(file)!;
  };
  const routeKb = (route: string) => [...withStaticImports(manifest, [entry!, route])].reduce((sum, key) => sum + sizeKb(key), 0);

  it('measures every route the router loads', () => {
    expect(entry).toBeDefined();
    expect(routes).toEqual(routerRouteModules());
  });

  it(`stays within ${BUDGET_KB} KB gzip on every route`, () => {
    const measured = routes.map((route) => ({ route, kb: routeKb(route) }));
    const table = measured
      .map(({ route, kb }) => `${route.padEnd(44)} ${kb.toFixed(1).padStart(6)} KB${kb > BUDGET_KB ? `  over ${BUDGET_KB} KB` : ''}`)
      .join('\n');
    const over = measured.filter(({ kb }) => kb > BUDGET_KB).map(({ route }) => route);
    expect(over, `JavaScript before first paint (gzip, 1 KB = ${KB} bytes):\n${table}\n`).toEqual([]);
  });
});
