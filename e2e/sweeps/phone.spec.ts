import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from '../support/fixtures';
import { sweep } from '../support/sweeps';

// Pages on a phone held upright, touched rather than clicked, each in the state a behaviour journey reaches
// (phone-layout.spec.ts, words-beside-codes.spec.ts).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

sweep({
  'phone-start': async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('combobox', { name: 'Find an order, receive, return or product' }),
    ).toBeVisible();
  },
  'phone-orders-list': async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  },
  'phone-orders-filters': async ({ page }) => {
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Late only').check();
    await expect(page.getByRole('button', { name: 'Filters (1 set)' })).toBeVisible();
  },
  'phone-order-form': async ({ page }) => {
    await page.goto('/orders/new');
    await page.getByRole('button', { name: 'Create order' }).tap();
    await expect(
      page
        .getByRole('combobox', { name: /^Warehouse/ })
        .or(page.getByRole('textbox', { name: /^Warehouse/ })),
    ).toBeFocused();
  },
  'phone-order-lines': async ({ page }) => {
    await page.goto(`/orders/${demoReferences.orders.shippedShort}`);
    await expect(
      page.getByRole('table', { name: 'Ordered against shipped, per line' }).locator('[data-answer]').first(),
    ).toBeVisible();
  },
});
