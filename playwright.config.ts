import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

// Two workers, each with consoles of its own (e2e/support/fixtures.ts); a worker runs a spec's journeys one
// after the other. The sweeps (@sweep: axe and screenshots of every page in both schemes) are independent
// of each other and spread over both workers. Budgets above the defaults are named (e2e/support/budgets.ts).
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 15_000,
  // A page on a machine other work keeps busy may take some seconds to show; a failing one is waited 10 s.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    // A notification fading out while axe reads its colors is a contrast no person reads.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: chromiumLaunchOptions,
  },
});
