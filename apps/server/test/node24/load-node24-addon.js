// Preloaded (`--import`, through NODE_OPTIONS so child processes inherit it) by the Node 24 run of
// the server tests (run-server-tests.ts). better-sqlite3 loads its addon from its own build/Release
// folder, which holds the build for the machine's Node 20; this hook answers that file's
// resolution with the Node 24 build from the cache (NODE24_BETTER_SQLITE3_ADDON), so neither the
// app nor node_modules changes. Plain JavaScript: it runs before any TypeScript loader.
import module from 'node:module';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const addon = process.env.NODE24_BETTER_SQLITE3_ADDON;
const INSTALLED_ADDON = '/node_modules/better-sqlite3/build/Release/better_sqlite3.node';

// A process of another Node version (one started by a fixed path) keeps its own addon; Node 20
// has no registerHooks, hence the default import.
if (addon && process.versions.node.startsWith('24.')) {
  const addonUrl = pathToFileURL(addon).href;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url.endsWith(INSTALLED_ADDON) ? { ...resolved, url: addonUrl } : resolved;
    },
  });
}
