import type { APIRequestContext, Page } from '@playwright/test';
import { budgets } from '../support/budgets';
import { errorAnswer, expect } from '../support/fixtures';
import { chooseCsv, leaveDialog } from '../support/locators';
import {
  addAttribute,
  fillSerializedCamera,
  saveEditRefusedUpstream,
  startNewProduct,
} from '../support/product-form';
import { uniqueSuffix } from '../support/records';
import { sweep } from '../support/sweeps';

// Products and their import, each in the state a behaviour journey reaches (products.spec.ts,
// csv-import.spec.ts).

/** A serialized (ANE) trail camera, as the new product form creates one; its id. */
async function serializedCamera(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/warehouse/v1/products', {
    data: {
      productCode: `CAM-${uniqueSuffix()}`,
      productDescription: 'Trail camera, serialized',
      productUnit: 'UNT',
      unitPrice: '129.50',
      unitPriceCurrency: 'USD',
      weightPerProduct: 1.5,
      weightPerProductUnit: 'LB',
      pickMode: 'ANE',
      productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.id;
}

const launchFile = (suffix: string) =>
  [
    'SKU;Description;Weight;Notes',
    `CSV-A-${suffix};Enamel mug;0,4;first`,
    `CSV-B-${suffix};;heavy;second`,
    `CSV-C-${suffix};Enamel plate;0,6;third`,
  ].join('\r\n');

async function checkedImport(page: Page) {
  await page.goto('/products/import');
  await chooseCsv(page, 'launch.csv', launchFile(uniqueSuffix()));
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText('2 ready, 1 with errors, 0 already exist')).toBeVisible({
    timeout: budgets.firstHeavyTask,
  });
}

async function refusedCreate(page: Page, error: RegExp) {
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(error).first()).toBeVisible();
}

sweep({
  products: async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('table', { name: /Recently changed products, page 1/ })).toBeVisible();
  },
  'products-no-match': async ({ page }) => {
    await page.goto(`/products?code=NONE-${uniqueSuffix()}`);
    await expect(page.getByRole('heading', { name: /No product matches “NONE-/ })).toBeVisible();
  },
  'products-bad-cursor': async ({ page }) => {
    await page.goto(`/products?cursors=${encodeURIComponent('["x"]')}`);
    await expect(page.getByRole('status').filter({ hasText: 'Showing the first page' })).toBeVisible();
  },
  'products-box-matches': {
    phone: 'light scheme',
    reach: async ({ page }) => {
      await page.goto('/products?code=tab');
      await expect(
        page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: 'TAB-10-64' }),
      ).toBeVisible();
    },
  },
  'product-not-found': async ({ page }) => {
    await page.goto('/products/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  },
  'product-new': ({ page }) => fillSerializedCamera(page, `CAM-${uniqueSuffix()}`),
  'product-detail': async ({ page, request }) => {
    await page.goto(`/products/${await serializedCamera(request)}`);
    await expect(page.getByText('$129.50')).toBeVisible();
  },
  'product-edit': async ({ page, request }) => {
    await page.goto(`/products/${await serializedCamera(request)}/edit`);
    await expect(page.getByText('Fixed at creation')).toBeVisible();
  },
  'product-new-errors': async ({ page }) => {
    await startNewProduct(page, `ANE-${uniqueSuffix()}`, 'Serialized without serial');
    await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
    await addAttribute(page, 1, 'LOT', {});
    await refusedCreate(page, /Pick mode ANE needs the serial number attribute \(SN\)/);
  },
  'product-new-code-refused': async ({ page }) => {
    await startNewProduct(page, 'ux sku é', 'Scanner, handheld');
    await refusedCreate(page, /a space and é are not allowed/);
  },
  'product-new-ane-rule': async ({ page }) => {
    await startNewProduct(page, `ANE-${uniqueSuffix()}`, 'Serialized drill');
    await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
    await expect(page.getByRole('radiogroup', { name: /Pick mode/ })).toHaveAccessibleDescription(
      /Pick mode ANE needs the serial number attribute \(SN\)/,
    );
  },
  'product-new-server-error': async ({ page }) => {
    await page.route('**/api/warehouse/v1/products', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill(
            errorAnswer(500, [{ code: 'internal_error', title: 'Unexpected error', detail: 'Try later' }]),
          )
        : route.continue(),
    );
    await startNewProduct(page, `FAIL-${uniqueSuffix()}`, 'Refused');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The product was not created' })).toBeVisible();
  },
  'product-new-leave': async ({ page }) => {
    await startNewProduct(page, `HALF-${uniqueSuffix()}`, 'Half filled');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await expect(leaveDialog(page).getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  },
  'product-edit-beta-error': async ({ page, records }) => {
    const { id } = await records.product(`BETA-${uniqueSuffix()}`, 'Beta check');
    await saveEditRefusedUpstream(page, id);
    await expect(page.getByRole('alert').filter({ hasText: 'The product was not saved' })).toBeVisible();
  },
  'product-import-start': async ({ page }) => {
    await page.goto('/products/import');
    await expect(page.getByText(/At most 5 MB and 10,000 rows/)).toBeVisible();
  },
  'product-import-columns': async ({ page }) => {
    await page.goto('/products/import');
    await chooseCsv(page, 'launch.csv', launchFile(uniqueSuffix()));
    await expect(page.getByRole('combobox', { name: 'Column Notes is imported as' })).toHaveValue(
      'Not imported',
    );
  },
  'product-import-dry-run': ({ page }) => checkedImport(page),
  'product-import-finished': async ({ page }) => {
    await checkedImport(page);
    await page.getByRole('button', { name: 'Create 2 products' }).click();
    await expect(page.getByText('2 created, 0 already existed, 1 refused.')).toBeVisible();
  },
  'product-import-progress': async ({ page }) => {
    // The first batch is never answered: the page stays at 0 of 60 while it is looked at.
    await page.route('**/api/imports/products/create', () => {});
    const suffix = uniqueSuffix();
    await page.goto('/products/import');
    await chooseCsv(
      page,
      'bowls.csv',
      ['code,description', ...Array.from({ length: 60 }, (_, i) => `CSV-P${i}-${suffix},Bowl ${i}`)].join(
        '\n',
      ),
    );
    await page.getByRole('button', { name: 'Create 60 products' }).click();
    // At 0% the bar's filled part has no width: its name and value say it is there.
    await expect(
      page.getByRole('progressbar', { name: /Creating: 0 of 60 products answered/ }),
    ).toHaveAttribute('aria-valuenow', '0');
  },
});
