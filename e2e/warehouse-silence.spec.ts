import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '#sandbox/server';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';
import { checkBothSchemes, expectFitsPhoneWidth } from './support/screenshots';
import { e2ePassword, openPort } from './support/settings';

// A console of its own over a sandbox this spec starts and stops: the shared consoles' embedded sandboxes
// cannot be stopped from here. Syncing every 10 s (the shortest interval), it counts the warehouse as not
// answering 10 s after its last answer once a call failed.
const consolePort = openPort + 2;
const consoleUrl = `http://127.0.0.1:${consolePort}`;
const order = demoReferences.orders.entered;
const consoleDb = '.test-results/e2e-silence-console.db';

let sandbox: RunningSandbox;
let sandboxPort: number;
let consoleProcess: ChildProcess;

const startDemoSandbox = (port: number) =>
  startSandbox({ dbFile: ':memory:', port, seed: 'demo', autopilot: false, webhookUrl: null });

test.beforeAll(async () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${consoleDb}${suffix}`, { force: true });
  // An administrator and a support agent: what to check is said to the first only.
  for (const role of ['admin', 'support'])
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/users-cli.ts', 'add', `${role}-user`, '--role', role],
      { input: `${e2ePassword}\n`, env: { PATH: process.env.PATH, ENV_FILE: '', CONSOLE_DB: consoleDb } },
    );
  sandbox = await startDemoSandbox(0);
  sandboxPort = Number(new URL(sandbox.url).port);
  consoleProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      ENV_FILE: '',
      HOST: '127.0.0.1',
      PORT: String(consolePort),
      CONSOLE_DB: consoleDb,
      WAREHOUSE_BASE_URL: sandbox.url,
      WAREHOUSE_API_KEY: sandbox.config.apiKey,
      SYNC_INTERVAL: '10s',
      UPSTREAM_TIMEOUT_MS: '2000',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${consoleUrl}/api/session`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
});

test.afterAll(async () => {
  consoleProcess?.kill();
  await sandbox?.close();
});

/**
 * Phone-width screenshots in both schemes, without axe: the order page's lines tables scroll inside an
 * unfocusable area on a phone (a known finding the phone work takes on); axe runs at desktop width.
 */
async function phoneShots(page: Page, name: string) {
  await expectFitsPhoneWidth(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function signIn(page: Page, role: string) {
  await page.goto(`${consoleUrl}/`);
  await page.getByLabel('User name').fill(`${role}-user`);
  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${role}-user ·`)).toBeVisible();
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'The warehouse has not answered' });

test('with the warehouse stopped, every page says so, and the banner goes once it answers again', async ({
  page,
  browser,
}) => {
  // Two sign-ins, a sync interval or two each way, axe and screenshots in both schemes: slow on a shared machine.
  test.setTimeout(300_000);
  await signIn(page, 'admin');
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'support');
  await staff.goto(`${consoleUrl}/products`);
  await page.goto(`${consoleUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
  await expect(page.getByText('Work queues of your warehouse, as of now')).toBeVisible();
  // The first sync has filled the index: the order's page reads the console's copy.
  await page.goto(`${consoleUrl}/orders/${order}`);
  await expect(page.getByTestId('freshness')).toHaveText(/^As of /, { timeout: 20_000 });

  await sandbox.close();

  // The next sync (within 10 s) finds nobody; the server tells the open page through the live stream.
  await expect(banner(page)).toBeVisible({ timeout: 30_000 });
  await expect(banner(page)).toContainText(/since \d{1,2}:\d{2}.*; you see the console's copy from then\./);
  await expect(banner(page)).toContainText('Check WAREHOUSE_BASE_URL');
  // Others read a plain sentence, on the banner and where a page could not be loaded.
  await expect(banner(staff)).toContainText('an administrator has been told');
  await staff.reload();
  await expect(staff.getByText(/An administrator has been told\./)).toBeVisible();
  await expect(staff.getByText(/WAREHOUSE_BASE_URL/)).toHaveCount(0);
  await staff.screenshot({
    path: 'screenshots/warehouse-silence-products-support-light.png',
    fullPage: true,
  });
  await expect(page.getByTestId('freshness')).toHaveText(
    /^The warehouse cannot be reached: this is the console's copy as of /,
  );
  await checkBothSchemes(page, 'warehouse-silence-order');
  await phoneShots(page, 'warehouse-silence-order-phone');

  // A page loaded afresh hears it as its stream opens.
  await page.goto(`${consoleUrl}/`);
  await expect(banner(page)).toBeVisible();
  await expect(
    page.getByText(/^Work queues of the console's copy: the warehouse has not answered since/),
  ).toBeVisible();
  await expect(page.getByText('as of now')).toHaveCount(0);
  await checkBothSchemes(page, 'warehouse-silence-start');
  await phoneShots(page, 'warehouse-silence-start-phone');

  // The header search's list holds the mark too: the page's own is in main.
  const copyMark = page.getByRole('main').getByTestId('console-copy-mark');
  await page.goto(`${consoleUrl}/orders`);
  await expect(copyMark).toHaveText(/^The console's copy: the warehouse has not answered since /);
  // Several matches: a lone one would open its page.
  await page.goto(`${consoleUrl}/search?q=SO-10000`);
  await expect(page.getByRole('heading', { level: 1, name: /Search results/ })).toBeVisible();
  await expect(copyMark).toBeVisible();

  // The warehouse back on its address: the next sync answers, and the banner goes by itself.
  sandbox = await startDemoSandbox(sandboxPort);
  await expect(banner(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('console-copy-mark')).toHaveCount(0);
});
