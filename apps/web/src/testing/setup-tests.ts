import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
// Reached by the tests through lazily loaded dialogs too: their code is loaded up front below.
import '../components/ui/dropdown-menu.tsx';
import '../components/ui/searchable-dropdown.tsx';
import { preloadEveryCodeAfterFirstPaint } from '../lib/code-after-paint.ts';
import { server } from './mock-server.ts';

// Lazy dialogs load their chunk on first open; on a busy 2-core CI machine that alone can pass
// Testing Library's default 1 s wait for findBy… queries.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Menus, comboboxes, the parts table's tag cells, tag filter and number checks load their code
  // after the first render in the app (lib/code-after-paint.ts); tests use them at once. The test
  // file's own imports are loaded by now.
  await preloadEveryCodeAfterFirstPaint();
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
