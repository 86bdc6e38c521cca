import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  build: { outDir: 'dist', sourcemap: false },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/jsdom-shims.ts'],
    // A throwaway PostgreSQL for the PostgreSQL store adapters, unless TEST_DATABASE_URL names one.
    globalSetup: ['src/server/store/throwaway-postgres.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
