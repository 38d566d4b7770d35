import { setupServer } from 'msw/node';

/**
 * The one API mock of the web tests (Mock Service Worker, intercepting fetch in Node). It starts
 * without handlers: each test adds its own with mockApi (api-mock.tsx) or server.use, and
 * setup-tests.ts removes them after the test. A request nobody handles fails the test.
 */
export const server = setupServer();
