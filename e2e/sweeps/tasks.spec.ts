import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from '../support/budgets';
import { errorAnswer, expect, test } from '../support/fixtures';
import { headerSearch, productLineField, searchMatches } from '../support/locators';
import { uniqueSuffix } from '../support/records';
import { sweep } from '../support/sweeps';

// The pages of the three users' everyday tasks, each in the state a behaviour journey reaches
// (everyday-tasks.spec.ts, claim-packet.spec.ts, spreadsheet-exports.spec.ts).

const { orders, receives, returns, lots } = demoReferences;

test.use({ timezoneId: 'America/Denver' });

sweep({
  'customer-text-names-and-next-step': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto(`/orders/${orders.twoCarriersAndCanceled}`);
      await page.getByRole('button', { name: 'Copy for the customer' }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'Message for the customer' })
          .getByRole('textbox', { name: 'Message' }),
      ).toHaveValue(/Please reply to this message/);
    },
  },
  'return-started-from-order': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto(`/returns/new?order=${orders.international}`);
      await expect(page.getByTestId('return-line').first()).toBeVisible();
    },
  },
  'search-rows-product-names': async ({ page }) => {
    await page.goto('/orders');
    await headerSearch(page).fill('jordan');
    await expect(searchMatches(page).getByRole('option').first()).toContainText("customer's name:");
  },
  'receives-empty-filters': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto('/receives?discrepancy=any&finishedFrom=2020-01-06&finishedTo=2020-01-12');
      await expect(page.getByRole('heading', { name: 'No receives match these filters' })).toBeVisible();
    },
  },
  'product-import-natural-headers': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      const suffix = uniqueSuffix();
      const file = [
        'SKU,Product name,Price (USD),Weight (lb),Serialized',
        `MUG-${suffix}-01,"Stoneware mug 01, blue",12.50,0.9,yes`,
        `MUG-${suffix}-02,,12.50,heavy,`,
      ].join('\r\n');
      await page.goto('/products/import');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'mugs.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await expect(page.getByText('1 ready, 1 with errors, 0 already exist')).toBeVisible({
        timeout: budgets.firstHeavyTask,
      });
    },
  },
  'packing-list-rows-left-out': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto('/receives/new');
      await page.getByRole('button', { name: 'Import lines from CSV' }).click();
      await page.locator('input[type=file]').setInputFiles({
        name: 'packing.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('sku,qty\r\ntee-org-blk-m,4\r\nGHOST-404,1\r\n'),
      });
      await page.getByRole('button', { name: 'Add 1 line' }).click();
      await expect(productLineField(page, 1)).toHaveValue('TEE-ORG-BLK-M');
    },
  },
  'products-warehouse-down': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.route('**/api/warehouse/v1/products?**', (route) =>
        route.fulfill(
          errorAnswer(502, [{ code: 'upstream_unreachable', title: 'The warehouse did not answer' }]),
        ),
      );
      await page.goto('/products');
      await expect(page.getByText('The warehouse is not answering')).toBeVisible();
    },
  },
  'receive-unit-costs': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto(`/receives/${receives.short}`);
      await expect(page.getByRole('region', { name: 'Unit costs for the claim' })).toBeVisible();
    },
  },
  'return-awaiting-no-claim': async ({ page }) => {
    await page.goto(`/returns/${returns.awaiting}`);
    await expect(page.getByText('Shipped, announced back, received back')).toBeVisible();
  },
  'return-received-claim': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto(`/returns/${returns.received}`);
      await expect(page.getByRole('link', { name: 'Claim packet (PDF)' })).toBeVisible();
    },
  },
  'orders-exports': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto('/orders?state=shipped');
      await expect(page.getByRole('link', { name: /^Export to Excel \(\d+ rows?\)$/ })).toBeVisible();
    },
  },
  'trace-exports': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto(`/trace?q=${lots.recalled.lot}`);
      await expect(page.getByRole('link', { name: 'Export to Excel (3 rows)' })).toBeVisible();
    },
  },
});
