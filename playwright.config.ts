import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';
import { accountsPort, demoConsoleEnv, e2ePassword, openPort as port } from './e2e/support/settings';

const accountsDb = '.test-results/e2e-accounts-console.db';

const addAccounts = ['support', 'merchandiser', 'manager', 'admin']
  .map((role) => `echo '${e2ePassword}' | node --import tsx src/server/users-cli.ts add ${role}-user --role ${role}`)
  .join(' && ');

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
    // A notification fading out while axe reads its colors is a contrast no person reads.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: chromiumLaunchOptions,
  },
  // The real server (proxy, /api/config, dist/) over a fresh in-memory sandbox with the demo data, built
  // first so the pages under test are the current sources. The autopilot stays off: tests move shipments.
  // The first is open (loopback, no accounts); the second has one account per role.
  webServer: [
    {
      command: 'node node_modules/vite/bin/vite.js build --logLevel warn && node --import tsx src/server/main.ts',
      url: `http://127.0.0.1:${port}/api/config`,
      env: { ...demoConsoleEnv, PORT: String(port), CONSOLE_DB: ':memory:' },
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: `rm -f ${accountsDb}* && ${addAccounts} && node --import tsx src/server/main.ts`,
      url: `http://127.0.0.1:${accountsPort}/api/session`,
      env: { ...demoConsoleEnv, PORT: String(accountsPort), CONSOLE_DB: accountsDb },
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
