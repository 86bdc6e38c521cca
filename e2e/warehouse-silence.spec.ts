import type { Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '#sandbox/server';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';
import {
  addRoleAccounts,
  type JourneyConsole,
  scratchConsoleDb,
  startJourneyConsole,
} from './support/journey-consoles';
import { checkBothSchemes, checkPhoneWidth } from './support/screenshots';
import { e2ePassword } from './support/settings';

// A console of its own over a sandbox this spec starts and stops: the workers' consoles' embedded sandboxes
// cannot be stopped from here. Syncing every 10 s (the shortest interval), it counts the warehouse as not
// answering 10 s after its last answer once a call failed.
const order = demoReferences.orders.entered;

let sandbox: RunningSandbox;
let sandboxPort: number;
let silentConsole: JourneyConsole;
let consoleUrl: string;
const consoleDb = scratchConsoleDb();

const startDemoSandbox = (port: number) =>
  startSandbox({ dbFile: ':memory:', port, seed: 'demo', autopilot: false, webhookUrl: null });

test.beforeAll(async () => {
  test.setTimeout(budgets.consoleStart);
  // An administrator and a support agent: what to check is said to the first only.
  addRoleAccounts(consoleDb.file, ['admin', 'support']);
  sandbox = await startDemoSandbox(0);
  sandboxPort = Number(new URL(sandbox.url).port);
  silentConsole = await startJourneyConsole({
    CONSOLE_DB: consoleDb.file,
    WAREHOUSE_BASE_URL: sandbox.url,
    WAREHOUSE_API_KEY: sandbox.config.apiKey,
    SYNC_INTERVAL: '10s',
    UPSTREAM_TIMEOUT_MS: '2000',
  });
  consoleUrl = silentConsole.url;
});

test.afterAll(async () => {
  await silentConsole?.stop();
  await sandbox?.close();
  consoleDb.remove();
});

async function signIn(page: Page, role: string) {
  await page.goto(`${consoleUrl}/`);
  await page.getByLabel('User name').fill(`${role}-user`);
  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${role}-user ·`)).toBeVisible();
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'The warehouse has not answered' });

/** Signed in as `role`, the order's page once the first sync has filled the index (it reads the console's copy). */
async function orderPageAs(page: Page, role: string) {
  await signIn(page, role);
  await page.goto(`${consoleUrl}/orders/${order}`);
  await expect(page.getByTestId('freshness')).toHaveText(/^As of /, { timeout: budgets.nextSync });
}

/** Stops the warehouse; the next sync (within 10 s) finds nobody, and the server tells open pages. */
async function stopWarehouse(page: Page) {
  await sandbox.close();
  await expect(banner(page)).toBeVisible({ timeout: budgets.nextSync });
}

/** The warehouse back on its address: the next sync answers, and the banner goes by itself. */
async function startWarehouseAgain(page: Page) {
  sandbox = await startDemoSandbox(sandboxPort);
  await expect(banner(page)).toHaveCount(0, { timeout: budgets.nextSync });
}

test('with the warehouse stopped, every page says so, and the banner goes once it answers again', async ({
  page,
  browser,
}) => {
  test.setTimeout(budgets.warehouseOutage);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'support');
  await staff.goto(`${consoleUrl}/products`);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
  await expect(page.getByText('Work queues of your warehouse, as of now')).toBeVisible();
  await page.goto(`${consoleUrl}/orders/${order}`);
  await expect(page.getByTestId('freshness')).toHaveText(/^As of /, { timeout: budgets.nextSync });

  await stopWarehouse(page);
  await expect(banner(page)).toContainText(/since \d{1,2}:\d{2}.*; you see the console's copy from then\./);
  await expect(banner(page)).toContainText('Check WAREHOUSE_BASE_URL');
  // Others read a plain sentence, on the banner and where a page could not be loaded.
  await expect(banner(staff)).toContainText('an administrator has been told');
  await staff.reload();
  await expect(staff.getByText(/An administrator has been told\./)).toBeVisible();
  await expect(staff.getByText(/WAREHOUSE_BASE_URL/)).toHaveCount(0);
  await expect(page.getByTestId('freshness')).toHaveText(
    /^The warehouse cannot be reached: this is the console's copy as of /,
  );

  // A page loaded afresh hears it as its stream opens.
  await page.goto(`${consoleUrl}/`);
  await expect(banner(page)).toBeVisible();
  await expect(
    page.getByText(/^Work queues of the console's copy: the warehouse has not answered since/),
  ).toBeVisible();
  await expect(page.getByText('as of now')).toHaveCount(0);

  // The header search's list holds the mark too: the page's own is in main.
  const copyMark = page.getByRole('main').getByTestId('console-copy-mark');
  await page.goto(`${consoleUrl}/orders`);
  await expect(copyMark).toHaveText(/^The console's copy: the warehouse has not answered since /);
  // Several matches: a lone one would open its page.
  await page.goto(`${consoleUrl}/search?q=SO-10000`);
  await expect(page.getByRole('heading', { level: 1, name: /Search results/ })).toBeVisible();
  await expect(copyMark).toBeVisible();

  await startWarehouseAgain(page);
  await expect(page.getByTestId('console-copy-mark')).toHaveCount(0);
});

test('warehouse-silence-order, -start and -products-support: axe and screenshots in both schemes', {
  tag: '@sweep',
}, async ({ page, browser }) => {
  test.setTimeout(budgets.warehouseOutage);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'support');
  await staff.goto(`${consoleUrl}/products`);
  await orderPageAs(page, 'admin');
  await stopWarehouse(page);
  await expect(page.getByTestId('freshness')).toHaveText(/^The warehouse cannot be reached/);
  await checkBothSchemes(page, 'warehouse-silence-order');
  // The order page's lines tables scroll inside an area no key reaches on a phone: shots without axe.
  await checkPhoneWidth(page, 'warehouse-silence-order', 'both schemes');

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${consoleUrl}/`);
  await expect(page.getByText(/^Work queues of the console's copy/)).toBeVisible();
  await checkBothSchemes(page, 'warehouse-silence-start');
  await checkPhoneWidth(page, 'warehouse-silence-start', 'both schemes');

  await staff.reload();
  await expect(staff.getByText(/An administrator has been told\./)).toBeVisible();
  await staff.screenshot({
    path: 'screenshots/warehouse-silence-products-support-light.png',
    fullPage: true,
  });

  await startWarehouseAgain(page);
});
