import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect } from '../support/fixtures';
import { sweep } from '../support/sweeps';

// The stock list and a product's stock, on the demo (stock.spec.ts).

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
});
