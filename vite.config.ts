import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const testFiles = ['src', 'scripts'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `${folder}/${path}`),
);
const usesAny = (pattern: RegExp) => testFiles.filter((path) => pattern.test(readFileSync(path, 'utf8')));

/** The test files whose index comes from test-record-store.ts: they run once per engine. */
const indexSuites = usesAny(/\b(testRecordStore|consoleWithRecords)\b/);
/** The test files that need the run's PostgreSQL server (the PostgreSQL adapters, several consoles). */
const postgresSuites = usesAny(/\btest-postgres-schema\b/);
/** Every benchmark's short mode, and the first page's budget (it builds the dashboard): a step of npm test of its own (scripts/test.sh). */
const benchmarkSuites = ['scripts/benchmarks.test.ts', 'scripts/first-page-budget.test.ts'];
/** A throwaway PostgreSQL for the projects that need one, unless TEST_DATABASE_URL names a server. */
const withPostgres = ['src/server/testing/throwaway-postgres.ts'];

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too, so the request code and schemas they pull in stay out of the first page; a
      // route's loader and page travel in one chunk, its rarer states in another: fewer chunks for the route
      // tree of the first page to name.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
  ],
  // `@/…` is src/…, as tsconfig.json's paths say (tsx and Playwright read them there too).
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    environment: 'node',
    setupFiles: ['src/testing/jsdom-shims.ts'],
    // Named budgets (src/testing/test-budgets.ts) for the tests that truly need more.
    testTimeout: 5_000,
    hookTimeout: 10_000,
    // npm run check runs `unit`; npm test runs `unit`, `with-postgres` and `postgres`, then `benchmarks`.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: testFiles,
          exclude: [...postgresSuites, ...benchmarkSuites],
          provide: { indexEngine: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'with-postgres',
          include: postgresSuites,
          globalSetup: withPostgres,
          provide: { indexEngine: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: indexSuites,
          globalSetup: withPostgres,
          provide: { indexEngine: 'postgres' },
        },
      },
      // Two short runs at once (benchmarks.test.ts runs them concurrently): each waits on its servers.
      { extends: true, test: { name: 'benchmarks', include: benchmarkSuites, maxConcurrency: 2 } },
    ],
  },
});
