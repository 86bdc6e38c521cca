import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect } from '../support/fixtures';
import { sweep } from '../support/sweeps';

// The stock list and a product's stock, on the demo (stock.spec.ts); a customer's page and a supplier's record.

sweep({
  stock: async ({ page }) => {
    await page.goto('/stock');
    await expect(page.getByRole('table', { name: 'Stock by product, warehouse and lot' })).toBeVisible();
  },
  'stock-recall-lot': async ({ page }) => {
    await page.goto(`/stock?q=${demoReferences.lots.recalled.lot}`);
    await expect(page.getByRole('row').filter({ hasText: demoReferences.lots.recalled.lot })).toBeVisible();
  },
  'stock-no-match': async ({ page }) => {
    await page.goto('/stock?q=NO-SUCH-PRODUCT');
    await expect(page.getByText('No stock matches these filters')).toBeVisible();
  },
  'product-stock': async ({ page }) => {
    await page.goto(`/stock?q=${demoReferences.lots.recalled.lot}`);
    const row = page.getByRole('row').filter({ hasText: demoReferences.lots.recalled.lot });
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Stock as the console counts it' })).toBeVisible();
  },
  // A customer's page and a supplier's record (parties.spec.ts).
  customer: async ({ page }) => {
    await page.goto(`/orders/${demoReferences.orders.returnedTwice}`);
    await page.getByRole('link', { name: 'Every order and return of this customer' }).click();
    await expect(page.getByRole('table', { name: /Orders and returns/ })).toBeVisible();
  },
  supplier: async ({ page }) => {
    await page.goto(`/receives/${demoReferences.receives.short}`);
    await page.getByRole('link', { name: 'Every receive of this supplier' }).click();
    await expect(page.getByRole('table', { name: /Receives/ })).toBeVisible();
  },
});
