import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, started without reaching for the internet (see the stack notes): for the e2e
 * tests (playwright.config.ts) and the benchmarks that drive a browser.
 */
export const chromiumLaunchOptions = {
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
} satisfies LaunchOptions;
