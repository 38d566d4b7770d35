import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// better-sqlite3 compiled against Node 24.19+ headers aborts the process when the garbage
// collector frees a statement (nodejs/node#65446: node::ObjectWrap's destructor asserts an entered
// context, which a collection started by JavaScript's own allocations does not have). The app
// prepares statements all the time, so such a build must never pass: on Node 24 this fails unless
// better-sqlite3 was built against 24.18.1 or older headers (docs/decisions.md, Node.js versions).
// `gc()` from --expose-gc would not show it (it runs with a context); allocating from a JavaScript
// loop while dropped statements wait to be collected does, every time (20 of 20 runs with a 24.21
// build, 0 of 20 with a 24.18.1 build, about 0.1 s each). In a child process, since the failure is
// an abort: a child inherits the Node 24 run's preload, so it loads the same addon as the tests.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('better-sqlite3 statements freed by the garbage collector', () => {
  it('leave the process running', () => {
    const script = `const SQLite = require('better-sqlite3');
      const db = new SQLite(':memory:');
      let sum = 0;
      for (let round = 0; round < 10; round++) {
        for (let i = 0; i < 200; i++) sum += db.prepare('select ? as n').get(i).n;
        for (let j = 0; j < 100000; j++) sum += [j, j + 1].length;
      }
      db.close();
      process.stdout.write(String(sum));`;
    const child = spawnSync(process.execPath, ['-e', script], { cwd: import.meta.dirname, encoding: 'utf8', timeout: 30_000 });
    const expected = { status: 0, signal: null, output: String((10 * (199 * 200)) / 2 + 10 * 200_000) };
    expect({ status: child.status, signal: child.signal, output: child.stdout }, child.stderr.slice(0, 1500)).toEqual(expected);
  });
});
