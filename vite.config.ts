import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The test files whose index comes from test-record-store.ts: they run once per engine. */
const indexSuites = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.test.ts'))
  .map((path) => `src/${path}`)
  .filter((path) => /\b(testRecordStore|consoleWithRecords)\b/.test(readFileSync(path, 'utf8')));

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too, so the request code and schemas they pull in stay out of the first page.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
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
    // A throwaway PostgreSQL for the PostgreSQL store adapters, unless TEST_DATABASE_URL names one.
    globalSetup: ['src/server/store/throwaway-postgres.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          provide: { indexEngine: 'sqlite' },
        },
      },
      {
        extends: true,
        test: { name: 'postgres', include: indexSuites, provide: { indexEngine: 'postgres' } },
      },
    ],
  },
});
