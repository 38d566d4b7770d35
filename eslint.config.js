// Lint that keeps the shape: no import cycles, feature folders that meet only in routes,
// a web app that never reaches into the server, one import-extension style, and the usual
// TypeScript and React hooks checks. Type-aware rules are left out on purpose so lint stays
// fast; `npm run typecheck` already runs tsc.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noImportCycles } from './eslint/no-import-cycles.js';

const web = 'apps/web/src';
const server = 'apps/server/src';

// Every folder under features/ is closed to the others; a new feature is covered without
// editing this file.
const webFeatures = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  // Workspaces: the browser bundle never pulls server code, the server never pulls the web
  // app, and the shared contracts depend on neither.
  { target: 'apps/web', from: 'apps/server', message: 'The web app must not import server code; share it through packages/contracts.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server must not import web code; share it through packages/contracts.' },
  { target: 'packages', from: 'apps', message: 'Shared packages must not import the apps.' },

  // Web (bulletproof-react): features meet only in app/ (routes, layout, router).
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in app/routes, or move the shared piece to components/ or lib/.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features must not import from app/; app composes features.' },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`, `${web}/testing`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code must not import features or app.',
  },

  // Server: routes → domains → db, plugins beside routes.
  {
    target: `${server}/domains`,
    from: [`${server}/routes`, `${server}/plugins`],
    message: 'Domains must not import routes or plugins; routes call domains.',
  },
  {
    target: `${server}/db`,
    from: [`${server}/domains`, `${server}/routes`, `${server}/plugins`],
    message: 'db/ holds the schema, migrations and driver; it must not import domains, routes or plugins.',
  },
  {
    target: `${server}/lib`,
    from: [`${server}/domains`, `${server}/routes`, `${server}/plugins`, `${server}/db`],
    message: 'lib/ is shared helpers; it must not import domains, routes, plugins or db.',
  },
];

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', 'e2e/screenshots/', 'data/', 'test-results/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['**/*.{js,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle follows imports only into files it knows how to parse.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      // Relative imports name the file exactly (`./modal.tsx`), as Node and tsc with
      // allowImportingTsExtensions read them; package imports stay bare.
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
      // `const { id: _id, ...rest } = row` is how the code drops fields from an object.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  // Cycles that import-x/no-cycle skips: through type-only imports, and between domain folders.
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`],
    plugins: { cycles: { rules: { 'no-import-cycles': noImportCycles } } },
  },
  {
    files: [`${server}/**/*.ts`],
    rules: {
      'cycles/no-import-cycles': [
        'error',
        { dir: `${import.meta.dirname}/${server}`, unit: 'file' },
        { dir: `${import.meta.dirname}/${server}/domains`, unit: 'domain' },
      ],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: { 'cycles/no-import-cycles': ['error', { dir: `${import.meta.dirname}/${web}`, unit: 'file' }] },
  },

  {
    // Migrations take Kysely<any> (Kysely's documented pattern): frozen in time, they must not
    // depend on today's Database interface.
    files: [`${server}/db/migrations/**`],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: [`${web}/**/*.{ts,tsx}`],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    // 販売管理's route sends the screen's calls before the sales contract's zod schemas are
    // downloaded and compiled (a phone at 4× waited 100 ms and more for them): what its prefetch
    // imports reads the contract for its types only.
    files: [`${web}/features/sales/api/prefetch-sales.ts`, `${web}/features/sales/api/get-*.ts`, `${web}/features/sales/utils/sales-{query,trend}.ts`],
    ignores: [`${web}/**/*.test.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@inventory/contracts/sales', 'zod'].map((name) => ({
            name,
            allowTypeImports: true,
            message: "販売管理's prefetch must not wait for zod: import types only, and check input in utils/sales-filters.ts.",
          })),
        },
      ],
    },
  },

  {
    // 販売管理 and 製造計画 check their filters with the sales and manufacturing contracts (and
    // 製造計画 reads products): when these imported the parts contract, the phone evaluated every
    // part schema (and the barcode and label-code ones) before those screens could draw, about
    // 60 ms at 4×. Field builders they share live in fields.ts.
    files: ['packages/contracts/src/{manufacturing,products}.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['./parts.ts'], message: 'Take shared field builders from fields.ts.' }] }] },
  },
  {
    files: ['packages/contracts/src/sales.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['./parts.ts', './products.ts'], message: 'Take shared field builders from fields.ts.' }] }],
    },
  },

  {
    // Code loads late in one way: the router's `lazy` for screens, lib/lazy-code.tsx inside them.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/**/*.test.{ts,tsx}`, `${web}/app/router.tsx`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression:not(CallExpression[callee.name=/^lazy(Component|Code)$/] ImportExpression)',
          message: 'Load code late through lazyComponent or lazyCode (lib/lazy-code.tsx).',
        },
      ],
    },
  },
]);
