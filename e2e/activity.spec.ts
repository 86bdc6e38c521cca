import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, onAccountsConsole, test } from './support/fixtures';
import { e2ePassword } from './support/settings';

// The console with one account per role (see playwright.config.ts): a console change names its person.
test.use(onAccountsConsole);
test.describe.configure({ timeout: budgets.signedInTour });

/** Plays the warehouse on the open order page through its sandbox menu, and waits until it is done. */
async function warehouseAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Warehouse (sandbox)' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  await expect(page.getByText(`${action}: done`)).toBeVisible();
}

test('an order page’s activity shows its hold and its shipment, each with its source and who made it', async ({
  page,
}) => {
  const reference = demoReferences.orders.picking;
  await page.goto(`/orders/${reference}`);
  await page.getByLabel('User name').fill('support-user');
  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();

  const activity = page.getByRole('list', { name: 'Changes, newest first' });
  const changes = activity.getByRole('listitem');
  // Before anything happens: the version the console first saw, and where it came from.
  await expect(changes.last()).toContainText(/First seen · Picking/);
  await expect(changes.last()).toContainText(/from (sync|lookup|webhook)/);

  await warehouseAction(page, 'Hold');
  // The live update brings the change to the open page's activity.
  await expect(changes.first()).toContainText('On hold');
  await expect(changes.first()).toContainText('by support-user (console)');

  await warehouseAction(page, 'Release hold');
  await expect(changes.first()).toContainText('Picking');
  await warehouseAction(page, 'Ship');
  const shipped = changes.filter({ hasText: /^Shipped/ });
  await expect(shipped).toContainText(/tracking \S+ added/);
  await expect(shipped).toContainText('by support-user (console) · just now');
  // Newest first: the shipment, the release, the hold, then what came before.
  await expect(changes.nth(0)).toContainText('Shipped');
  await expect(changes.nth(1)).toContainText('Picking');
  await expect(changes.nth(2)).toContainText('On hold');
});
