import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';
import { untilDeliveryShown } from './support/index-lists';
import { uniqueSuffix } from './support/records';

const freshnessLine = (page: Page) => page.getByTestId('freshness');

test('an order page says how fresh it is, and a refresh asks the warehouse', async ({ page, records }) => {
  const reference = `SO-FRESH-${uniqueSuffix()}`;
  await records.order(reference);

  await page.goto(`/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(freshnessLine(page)).toHaveText(/^As of .+ · from (webhook|sync|lookup|the console) /);
  const before = await freshnessLine(page).locator('time').getAttribute('datetime');

  await page.getByRole('button', { name: 'Refresh from the warehouse' }).click();
  await expect(freshnessLine(page)).toContainText('from lookup');
  await expect(freshnessLine(page).locator('time')).not.toHaveAttribute('datetime', before ?? '');
  const after = await freshnessLine(page).locator('time').getAttribute('datetime');
  expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
});

test('receive and return pages say how fresh they are too', async ({ page }) => {
  for (const path of [
    `/receives/${demoReferences.receives.partial}`,
    `/returns/${demoReferences.returns.received}`,
  ]) {
    await page.goto(path);
    await expect(freshnessLine(page)).toHaveText(/^As of .+ · from (webhook|sync|lookup|the console) /);
    await page.getByRole('button', { name: 'Refresh from the warehouse' }).click();
    await expect(freshnessLine(page)).toContainText('from lookup');
  }
});

test("the Sync page shows webhook intake, the last sync and the sandbox's deliveries", async ({
  page,
  records,
}) => {
  const reference = `SO-SYNC-${uniqueSuffix()}`;
  await records.order(reference);

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Sync' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
  const intake = page.getByRole('region', { name: 'Webhook intake' });
  await expect(intake.getByText('Received', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last sync' }).getByText('Result')).toBeVisible();

  // The sandbox delivers the new order's webhook within moments; the page shows what it read when asked.
  await untilDeliveryShown(page, reference);
  await expect(intake.getByText(/^[1-9][\d,]*$/).first()).toBeVisible();
});
