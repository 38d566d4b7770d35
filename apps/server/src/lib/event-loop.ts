import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For long loops in a request: `await pause()` gives the event loop a turn once `sliceMs` have
 * passed since the last one, so other requests are answered in between. Measured in time, not
 * in items, so a slow item or a busy machine does not make the slices longer.
 */
export function eventLoopPauser(sliceMs = 10) {
  let sliceStart = performance.now();
  return async function pause() {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
