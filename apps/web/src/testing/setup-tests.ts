import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadEveryLazyCode } from '../lib/lazy-code.tsx';
import { server } from './mock-server.ts';

// On a busy 2-core CI machine a findBy… query can pass Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The app fetches dialogs, menus, comboboxes, charts and checks after its first render
  // (lib/lazy-code.tsx); tests start with them here, as if every download had finished. The test
  // file's own imports are loaded by now.
  await loadEveryLazyCode();
});
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these browser APIs that the UI relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
