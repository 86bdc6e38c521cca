import type { Page } from '@playwright/test';
import { demoReferences } from '../src/sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';
import { headerSearch, searchMatches } from './support/locators';
import { plainDemoProductCode, uniqueSuffix } from './support/records';

// The three users' tasks timed as a person does them: typing at about five keys a second (200 ms a key),
// with the keyboard where a person would use it. The times are the console's answers plus that typing; a
// person's reading and thinking come on top. Each task's time is written to the test's annotations.

const typing = { delay: 200 };

async function timed(name: string, task: () => Promise<void>) {
  const started = Date.now();
  await task();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'task time', description: `${name}: ${seconds} s` });
  console.log(`task time · ${name}: ${seconds} s`);
}

async function openPalette(page: Page) {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(headerSearch(page)).toBeFocused();
}

test('support: tracking number → tracking copied; a repeat customer’s email → the right order; a misspelled name', async ({
  page,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPalette(page);
  await timed('tracking number → tracking copied', async () => {
    await headerSearch(page).pressSequentially('1ZUPMJ050079070958', typing);
    await expect(searchMatches(page).getByRole('option').first()).toContainText('SO-100125');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Order SO-100125' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('1ZUPMJ050079070958');
  });

  await openPalette(page);
  await timed('repeat customer’s email → the right order (the one with the vitamins)', async () => {
    await headerSearch(page).pressSequentially('jordan.ellis@example.com', typing);
    const vitamins = searchMatches(page)
      .getByRole('option')
      .filter({ hasText: 'Vitamin D3 softgels' })
      .first();
    await expect(vitamins).toBeVisible();
    await vitamins.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order SO-/ })).toBeVisible();
    await expect(page.getByText(/Vitamin D3 softgels/).first()).toBeVisible();
  });

  await openPalette(page);
  await timed('misspelled name → the customer’s order', async () => {
    await headerSearch(page).pressSequentially('jordn elis', typing);
    await expect(searchMatches(page)).toContainText('Jordan Ellis');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-customer')).toContainText('Jordan Ellis');
  });
});

test('merchandiser: a new SKU with serial and lot; a 20-row product import with 4 bad rows', async ({
  page,
}) => {
  test.slow();
  const suffix = uniqueSuffix();
  await page.goto('/products');
  await timed('new SKU with serial and lot', async () => {
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByLabel('Product code (SKU)').pressSequentially(`CAM-${suffix}`, typing);
    await page.getByRole('textbox', { name: /^Description/ }).pressSequentially('Trail camera 4K', typing);
    for (const [number, key] of [
      [1, 'SN'],
      [2, 'LOT'],
    ] as const) {
      await page.getByRole('button', { name: 'Add attribute' }).click();
      const attribute = page.getByRole('group', { name: `Attribute ${number}`, exact: true });
      await attribute.getByLabel(`Attribute ${number} key`).selectOption(key);
      if (key === 'SN') await attribute.getByLabel('Confirm by RF scan').check();
    }
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `CAM-${suffix}` })).toBeVisible();
  });

  const rows = Array.from({ length: 20 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    const code = index === 11 ? `BAD CODE ${number}` : `BOWL-${suffix}-${number}`;
    const name = index === 3 ? '' : `Bowl ${number}`;
    return [code, name, index === 7 ? '-1' : '9.00', index === 15 ? 'heavy' : '0.7'].join(',');
  });
  await page.goto('/products');
  await timed('20-row product import with 4 bad rows', async () => {
    await page.getByRole('link', { name: 'Import from CSV' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'bowls.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['SKU,Product name,Price (USD),Weight (lb)', ...rows].join('\r\n')),
    });
    await expect(page.getByText('16 ready, 4 with errors, 0 already exist')).toBeVisible();
    await page.getByRole('button', { name: 'Create 16 products' }).click();
    await expect(page.getByText('16 created, 0 already existed, 4 refused.')).toBeVisible();
  });
});

test('manager: short receives → CSV → claim PDF; support: a return from its order', async ({
  page,
  request,
  records,
}) => {
  test.slow();
  await page.goto('/');
  await timed('short receives → CSV → claim PDF', async () => {
    const queue = page.getByRole('region', { name: 'Received short or over' });
    await queue.getByRole('link', { name: /^See all/ }).click();
    const csv = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Export CSV/ }).click();
    await csv;
    await page.getByRole('link', { name: demoReferences.receives.short, exact: true }).click();
    const pdf = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Claim packet (PDF)' }).click();
    await pdf;
  });

  // An order of its own, shipped: the demo's shipped orders are returned by other journeys on this console.
  const reference = `SO-TIMED-${uniqueSuffix()}`;
  await records.order(reference, { quantity: 2, productCode: plainDemoProductCode });
  for (const step of ['pick', 'ship'])
    expect((await request.post(`/api/sandbox/v1/orders/${reference}/${step}`)).status()).toBe(200);
  await page.goto(`/orders/${reference}`);
  await expect(page.getByRole('link', { name: 'Start a return' })).toBeVisible({
    timeout: budgets.webhookDelivery,
  });
  await timed('a return, from its order', async () => {
    await page.getByRole('link', { name: 'Start a return' }).click();
    const quantity = page.getByRole('textbox', { name: / quantity back$/ }).first();
    await expect(quantity).toBeFocused();
    await page.keyboard.type('1', typing);
    await page
      .getByRole('combobox', { name: / reason$/ })
      .first()
      .pressSequentially('Damaged', typing);
    await page.getByRole('button', { name: 'Create return' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Return RMA-/ })).toBeVisible();
  });
});
