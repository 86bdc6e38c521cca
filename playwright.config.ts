import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The real server (proxy, /api/config, dist/) over a fresh in-memory sandbox with the demo data, built
  // first so the pages under test are the current sources. The autopilot stays off: tests move shipments.
  webServer: {
    command: 'node node_modules/vite/bin/vite.js build --logLevel warn && node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/api/config`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Nothing from a developer's .env or shell: the tests expect the sandbox's default packet.
      ENV_FILE: '',
      WAREHOUSE_BASE_URL: '',
      WAREHOUSE_ORGANIZATION: '',
      SANDBOX_DB: ':memory:',
      CONSOLE_DB: ':memory:',
      SANDBOX_SEED: 'demo',
      SANDBOX_AUTOPILOT: 'off',
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
