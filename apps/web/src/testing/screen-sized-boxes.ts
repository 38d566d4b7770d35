import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so a virtualised list sees a scroll box of 0 × 0 and draws no row. Call
 * this in a test file that shows such a list: every element gets a screen's size while it runs.
 */
export function giveBoxesAScreenSize(size = { clientHeight: 800, clientWidth: 1024 }) {
  const originals = Object.fromEntries(Object.keys(size).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]));
  beforeAll(() => {
    for (const [key, value] of Object.entries(size)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(originals)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  });
}
