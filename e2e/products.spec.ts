import type { Locator } from '@playwright/test';
import { errorAnswer, expect, test } from './support/fixtures';
import { leaveDialog } from './support/locators';
import {
  addAttribute,
  fillSerializedCamera,
  saveEditRefusedUpstream,
  startNewProduct,
} from './support/product-form';
import { uniqueSuffix } from './support/records';

async function expectFieldError(field: Locator, message: RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('a merchandiser creates a serialized ANE SKU, sees it, edits its description and finds it again', async ({
  page,
}) => {
  const code = `CAM-${uniqueSuffix()}`;
  await fillSerializedCamera(page, code);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByText(`Product ${code} was created.`)).toBeVisible();
  await expect(page.getByText('Trail camera, serialized', { exact: true })).toBeVisible();
  await expect(page.getByText('ANE: attribute neutral')).toBeVisible();
  const attributes = page.getByRole('table').filter({ hasText: 'Confirm by RF scan' });
  await expect(attributes.getByRole('row', { name: /SN/ })).toContainText('NoYes');
  await expect(page.getByText('$129.50')).toBeVisible();

  await page.getByRole('link', { name: 'Edit product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${code}` })).toBeVisible();
  await expect(page.getByText('Fixed at creation')).toBeVisible();
  const patches: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.postDataJSON());
  });
  await page.getByRole('textbox', { name: /^Description/ }).fill('Trail camera, serialized, 4K');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByText('Trail camera, serialized, 4K')).toBeVisible();
  expect(patches).toEqual([{ productDescription: 'Trail camera, serialized, 4K' }]);

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
  // The box forgives case: the one product it finds opens.
  await page.getByRole('textbox', { name: 'Search products' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByText('Trail camera, serialized, 4K')).toBeVisible();
});

test('ANE without the serial-number attribute is refused on the pick mode, and the form is kept', async ({
  page,
}) => {
  const code = `ANE-${uniqueSuffix()}`;
  await startNewProduct(page, code, 'Serialized without serial');
  await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
  await addAttribute(page, 1, 'LOT', {});
  await page.getByRole('button', { name: 'Create product' }).click();
  const pickMode = page.getByRole('radiogroup', { name: 'Pick mode' });
  await expect(pickMode).toHaveAccessibleDescription(
    /Pick mode ANE needs the serial number attribute \(SN\)/,
  );
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue(code);
  await expect(page.getByRole('radio', { name: /ANE: attribute neutral/ })).toBeChecked();
  await expect(page).toHaveURL(/\/products\/new$/);

  // The serial attribute with RF confirmation on and release capture off satisfies the rule.
  const attribute = page.getByRole('group', { name: 'Attribute 1', exact: true });
  await attribute.getByLabel('Attribute 1 key').selectOption('SN');
  await attribute.getByLabel('Confirm by RF scan').check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
});

test('ANE with the serial number captured at release is refused on the pick mode', async ({ page }) => {
  await startNewProduct(page, `ANE-REL-${uniqueSuffix()}`, 'Serial captured at release');
  await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
  const attribute = await addAttribute(page, 1, 'SN', { release: true });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Pick mode' })).toHaveAccessibleDescription(
    /with release capture off and RF confirmation on/,
  );
  // The boxes to change say so too.
  await expectFieldError(
    attribute.getByLabel('Capture at warehouse release'),
    /Pick mode ANE needs release capture off for the serial number \(SN\)/,
  );
  await expectFieldError(
    attribute.getByLabel('Confirm by RF scan'),
    /Pick mode ANE needs RF confirmation on for the serial number \(SN\)/,
  );
});

test('a second RF-confirmed attribute is refused on that attribute, the first one kept', async ({ page }) => {
  const code = `RF2-${uniqueSuffix()}`;
  await startNewProduct(page, code, 'Two RF attributes');
  await addAttribute(page, 1, 'LOT', { rf: true });
  const second = await addAttribute(page, 2, 'EXP', { rf: true });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(
    second.getByLabel('Confirm by RF scan'),
    /Only one attribute per product may require RF confirmation/,
  );
  const first = page.getByRole('group', { name: 'Attribute 1', exact: true });
  await expect(first.getByLabel('Confirm by RF scan')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByLabel('Confirm by RF scan')).toBeChecked();
  await expect(second.getByLabel('Attribute 2 key')).toHaveValue('EXP');
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue(code);
});

test('an attribute with both flags on is refused on its RF flag', async ({ page }) => {
  await startNewProduct(page, `BOTH-${uniqueSuffix()}`, 'Both flags');
  const attribute = await addAttribute(page, 1, 'LOT', { release: true, rf: true });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(
    attribute.getByLabel('Confirm by RF scan'),
    /cannot also be captured at warehouse release/,
  );
  await expect(attribute.getByLabel('Capture at warehouse release')).toBeChecked();
});

test('required fields, the code length, the price and number fields are checked before anything is sent', async ({
  page,
}) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') posts += 1;
  });
  await page.goto('/products/new');
  await page.getByLabel('Product code (SKU)').fill('X'.repeat(36));
  await page.getByLabel('Unit price').fill('-5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(page.getByLabel('Product code (SKU)'), /at most 35 characters/);
  await expectFieldError(page.getByRole('textbox', { name: /^Description/ }), /Enter a description/);
  await expectFieldError(page.getByLabel('Unit price'), /A price cannot be negative/);
  await expect(page.getByLabel('Unit price')).toHaveValue('-5');
  // An empty number field is "not given", never 0: the form is otherwise valid once fixed.
  await expect(page.getByLabel('Height')).toHaveValue('');
  expect(posts).toBe(0);
});

test('a code with a space or an accent is refused on its field, with everything typed kept', async ({
  page,
}) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') posts += 1;
  });
  await startNewProduct(page, 'ux sku é', 'Scanner, handheld');
  await page.getByLabel('Size unit').selectOption('M');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(
    page.getByLabel('Product code (SKU)'),
    /Use letters, digits, - and _ only: a space and é are not allowed/,
  );
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue('ux sku é');
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue('Scanner, handheld');
  await expect(page.getByLabel('Size unit')).toHaveValue('M');
  // Units are a choice of the documented ones, not free text.
  await expect(page.getByLabel('Weight unit').locator('option')).toHaveText(['None', 'LB', 'OZ']);
  expect(posts).toBe(0);
});

test('the pick-mode rule shows as the pick mode changes, before anything is sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') posts += 1;
  });
  await startNewProduct(page, `ANE-${uniqueSuffix()}`, 'Serialized drill');
  const pickMode = page.getByRole('radiogroup', { name: /Pick mode/ });
  const rule = /Pick mode ANE needs the serial number attribute \(SN\)/;
  await expect(pickMode).not.toHaveAccessibleDescription(rule);
  await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
  await expect(pickMode).toHaveAccessibleDescription(rule);
  // The serial number confirmed by RF is what ANE needs: the message goes as soon as it is there.
  await addAttribute(page, 1, 'SN', { rf: true });
  await expect(pickMode).not.toHaveAccessibleDescription(rule);
  await page.getByRole('radio', { name: /ASP/ }).check();
  await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
  await expect(pickMode).not.toHaveAccessibleDescription(rule);
  expect(posts).toBe(0);
});

test('a duplicate product code comes back from the sandbox onto the code field', async ({
  page,
  records,
}) => {
  const code = `DUP-${uniqueSuffix()}`;
  await records.product(code, 'Original');
  await startNewProduct(page, code, 'Copy');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(page.getByLabel('Product code (SKU)'), new RegExp(`code ${code} already exists`));
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue('Copy');
  await expect(page).toHaveURL(/\/products\/new$/);
});

test('an edit that the sandbox refuses explains the beta endpoint and keeps the form', async ({
  page,
  records,
}) => {
  const { id } = await records.product(`BETA-${uniqueSuffix()}`, 'Beta check');
  await saveEditRefusedUpstream(page, id);
  const alert = page.getByRole('alert').filter({ hasText: 'The product was not saved' });
  // A failure of the service in plain words, its own words last; no field got an error, so none is pointed at.
  await expect(alert).toContainText('The server ran into a problem of its own');
  await expect(alert).toContainText('Details: Update failed upstream');
  await expect(alert).toContainText('beta feature of the warehouse service');
  await expect(alert).not.toContainText('marked');
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue('Beta check, changed');
});

test('an edit with no change sends nothing', async ({ page, records }) => {
  const { id } = await records.product(`SAME-${uniqueSuffix()}`, 'Unchanged');
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches += 1;
  });
  await page.goto(`/products/${id}/edit`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to save' })).toContainText(
    'No field differs from the stored product',
  );
  expect(patches).toBe(0);
  // An untouched form leaves without asking.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('recent products page through with the page in the URL', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const table = page.getByRole('table', { name: /Recently changed products, page 1/ });
  await expect(table).toBeVisible();
  const firstCode = await table.getByRole('row').nth(1).getByRole('link').textContent();

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursors=/);
  await expect(page.getByRole('table', { name: /page 2/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: /page 2/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /page 2/ }).getByRole('link', { name: firstCode ?? '' }),
  ).toHaveCount(0);

  await page.getByRole('link', { name: 'Previous page' }).click();
  await expect(page.getByRole('table', { name: /page 1/ })).toBeVisible();
});

test('a search that matches nothing says so, and a bad page in the URL falls back to the first page', async ({
  page,
}) => {
  await page.goto(`/products?code=${`NONE-${uniqueSuffix()}`}`);
  await expect(page.getByRole('heading', { name: /No product matches “NONE-/ })).toBeVisible();
  await page.goto('/products?cursors=42');
  await expect(page.getByRole('table', { name: /page 1/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing the first page' })).toHaveCount(0);
});

test('a page link the listing refuses shows the first page with a note, and paging goes on from there', async ({
  page,
}) => {
  await page.goto(`/products?cursors=${encodeURIComponent('["x"]')}`);
  await expect(page.getByRole('status').filter({ hasText: 'Showing the first page' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Recently changed products, page 1/ })).toBeVisible();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page.getByRole('table', { name: /page 2/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing the first page' })).toHaveCount(0);
});

test('an unknown product id shows the product not-found page', async ({ page }) => {
  await page.goto('/products/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page).toHaveTitle('Product not found · Warehouse Console');
});

test('a product the sandbox refuses for no one field says so above the form, which is kept', async ({
  page,
}) => {
  await page.route('**/api/warehouse/v1/products', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill(
          errorAnswer(500, [{ code: 'internal_error', title: 'Unexpected error', detail: 'Try later' }]),
        )
      : route.continue(),
  );
  const code = `FAIL-${uniqueSuffix()}`;
  await startNewProduct(page, code, 'Refused');
  await page.getByRole('button', { name: 'Create product' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The product was not created' });
  await expect(alert).toContainText('what you entered is not the cause. Try again in a few minutes');
  await expect(alert).toContainText('Details: Try later');
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue(code);
  await expect(page).toHaveTitle('New product · Warehouse Console');
});

test('attribute rows keep keyboard focus in place when added and removed', async ({ page }) => {
  await page.goto('/products/new');
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await expect(page.getByLabel('Attribute 1 key')).toBeFocused();
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await expect(page.getByLabel('Attribute 2 key')).toBeFocused();
  await page.getByRole('button', { name: 'Remove attribute 2' }).click();
  await expect(page.getByLabel('Attribute 1 key')).toBeFocused();
  await page.getByRole('button', { name: 'Remove attribute 1' }).click();
  await expect(page.getByRole('button', { name: 'Add attribute' })).toBeFocused();
});

test('leaving a half-filled product form asks first, by the navigation or by the header search', async ({
  page,
}) => {
  const code = `HALF-${uniqueSuffix()}`;
  await startNewProduct(page, code, 'Half filled');
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\/new$/);
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue(code);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('SO-100001');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).press('Enter');
  await expect(page.getByLabel('Product code (SKU)')).toHaveValue(code);

  await nav.getByRole('link', { name: 'Orders' }).click();
  await dialog.getByRole('button', { name: 'Leave and discard changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('leaving an edited product asks first; saving leaves without asking', async ({ page, records }) => {
  const { id } = await records.product(`EDIT-${uniqueSuffix()}`, 'Before');
  await page.goto(`/products/${id}/edit`);
  await page.getByRole('textbox', { name: /^Description/ }).fill('After');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue('After');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(page.getByText('After', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
