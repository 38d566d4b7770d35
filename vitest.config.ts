import { defineConfig } from 'vitest/config';
import { describePostgresAvailability } from './apps/server/test/helpers/postgres-availability.ts';

// One runner for everything: server tests on SQLite and on PostgreSQL (the same files), web
// component tests in jsdom, and end-to-end tests in Chromium (run separately, see package.json).
// Server test files share one module cache per worker (isolate: false): each builds its own app
// and database, and loading the app afresh for each of ~55 files cost more time than the tests
// (5 minutes of a 19-minute CI run on the 2-core machine).
export default defineConfig(async () => {
  const postgres = await describePostgresAvailability();
  if (!postgres.available) console.warn(`\n[server-postgres] ${postgres.reason}\n`);

  return {
    test: {
      projects: [
        {
          test: {
            name: 'server-sqlite',
            root: 'apps/server',
            isolate: false,
            include: ['test/**/*.test.ts'],
            environment: 'node',
            env: { TEST_DATABASE: 'sqlite' },
          },
        },
        {
          test: {
            name: 'server-postgres',
            root: 'apps/server',
            isolate: false,
            include: postgres.available ? ['test/**/*.test.ts'] : [],
            passWithNoTests: !postgres.available,
            environment: 'node',
            env: { TEST_DATABASE: 'postgres' },
            globalSetup: postgres.available ? ['test/helpers/postgres-global-setup.ts'] : [],
          },
        },
        {
          extends: './apps/web/vite.config.ts',
          test: {
            name: 'web',
            root: 'apps/web',
            include: ['src/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['src/testing/setup-tests.ts'],
            // A few dialog tests type and click through whole forms in jsdom: about 1–3 s alone, past
            // the default 5 s when the two cores are busy with other suites.
            testTimeout: 15_000,
          },
        },
        {
          test: {
            name: 'e2e',
            root: 'e2e',
            include: ['**/*.e2e.ts'],
            environment: 'node',
            globalSetup: ['global-setup.ts'],
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
