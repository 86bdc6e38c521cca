import type { Locator, Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { readCsvFile } from './support/downloads';
import { expect, test } from './support/fixtures';

const { lot } = demoReferences.lots.recalled;

/** The numbers of a stock table's row, by its column headers. */
async function stockRow(table: Locator, row: Locator) {
  const headers = await table.locator('thead th').allInnerTexts();
  const cells = await row.locator('th, td').allInnerTexts();
  const number = (header: string) => Number(cells[headers.indexOf(header)]?.replaceAll(',', ''));
  return { cameIn: number('Came in'), shipped: number('Shipped'), onHand: number('On hand'), cells };
}

async function stockOfRecalledLot(page: Page) {
  const table = page.getByRole('table', { name: /Stock/ });
  const row = table.getByRole('row').filter({ hasText: lot });
  await expect(row).toHaveCount(1);
  return stockRow(table, row);
}

test('the demo’s recall lot shows its stock on the Stock list and on its product’s page, as the console counts it', async ({
  page,
}) => {
  test.setTimeout(budgets.formJourney);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await expect(page.getByText(/not the warehouse’s own count/)).toBeVisible();
  await page.getByLabel('Product or lot').fill(lot.toLowerCase());
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/q=lot48pnk3/);
  const listed = await stockOfRecalledLot(page);
  // Received 240 on its receive; what shipped of it (6 in the demo, more if a journey shipped some) is out.
  expect(listed.cameIn).toBe(240);
  expect(listed.shipped).toBeGreaterThanOrEqual(6);
  expect(listed.onHand).toBe(listed.cameIn - listed.shipped);

  // Its product's page counts the same.
  const product = listed.cells[0] as string;
  await page.getByRole('link', { name: product, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Stock as the console counts it' })).toBeVisible();
  const onProductPage = await stockOfRecalledLot(page);
  expect(onProductPage.onHand).toBe(listed.onHand);
});

test('the stock list filters by expiry and exports what it shows as CSV', async ({ page }) => {
  test.setTimeout(budgets.formJourney);
  await page.goto('/stock?expiringWithinDays=3650');
  const table = page.getByRole('table', { name: /Stock/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export CSV/ }).click();
  const { rows } = await readCsvFile(await (await download).path());
  expect(rows.length).toBeGreaterThan(0);
  // Every row exported has an expiry and units on hand.
  for (const row of rows) {
    expect(row.Expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(row['On hand (counted by the console)'])).toBeGreaterThan(0);
  }
});
