import {
  allFieldsRow,
  fillAneWithReleaseCapture,
  useDocumentedOperator,
} from './support/documented-operator';
import { documented } from './support/documented-records';
import { expect, test } from './support/fixtures';

// Each record read through the console from a stand-in answering as the operator's documentation shows
// (e2e/support/documented-operator.ts): the pages show what people need and keep the rest in "All fields".

test.beforeEach(async ({ page }) => {
  await useDocumentedOperator(page);
});

test('a canceled receive whose shipment finalized: statuses as sent, docket, arrival, pallets, holds', async ({
  page,
}) => {
  await page.goto(`/receives/${documented.receive}`);
  await expect(page.getByRole('heading', { level: 1, name: `Receive ${documented.receive}` })).toBeVisible();
  // The receive's own status, never recomputed from its shipment.
  await expect(page.getByText('Canceled (CAN)').first()).toBeVisible();
  const shipment = page.getByRole('region', { name: 'Shipment 1 of 1', exact: true });
  await expect(shipment.getByText('Finalized (FIN)')).toBeVisible();
  await expect(shipment.getByText('DKT-40021')).toBeVisible();
  await expect(shipment.getByText('PRO-88123')).toBeVisible();
  await expect(shipment.getByText('Created', { exact: false }).first()).toBeVisible();
  const pallets = shipment.getByRole('table', { name: 'Pallets and holds of Shipment 1 of 1' });
  await expect(pallets.getByRole('row')).toHaveCount(3);
  await expect(pallets.getByText('On hold: QA')).toBeVisible();
  await expect(pallets.getByText('PLT-0001').first()).toBeVisible();

  // Every field, by its path.
  await expect(
    await allFieldsRow(page, `receive ${documented.receive}`, 'receiveLines[1].partAttributes[0].key'),
  ).toContainText('SERIAL NUMBER');
  await expect(await allFieldsRow(page, `receive ${documented.receive}`, 'id')).toContainText(
    /^id[0-9a-f]{24}$/,
  );
});

test('an order as documented: job-costing branch, {} transport detail, a day-valued ship date', async ({
  page,
}) => {
  await page.goto(`/orders/${documented.order}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${documented.order}` })).toBeVisible();
  await expect(page.getByText('Job-costing branch').locator('+ dd')).toHaveText('TPA');
  await expect(page.getByText('Rate group RG (the warehouse picks the carrier)')).toBeVisible();
  await expect(page.locator('time[datetime="2023-05-15"]')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Shipment', exact: true }).getByText('On hold (HEL)'),
  ).toBeVisible();
  await expect(await allFieldsRow(page, `order ${documented.order}`, 'excludeFromTotePicking')).toContainText(
    'true',
  );
  await expect(await allFieldsRow(page, `order ${documented.order}`, 'transportDetail')).toContainText(
    '{} (empty)',
  );
});

test('an order in a status the console does not know shows the code as sent', async ({ page }) => {
  await page.goto(`/orders/${documented.unknownStatusOrder}`);
  const title = page.getByRole('heading', { level: 1, name: `Order ${documented.unknownStatusOrder}` });
  await expect(title).toBeVisible();
  // The header tells the state from the shipments, with the order's code beside it exactly as sent.
  await expect(title.locator('..').getByText('XDK', { exact: true })).toBeVisible();
});

test('a product as documented, with every field under "All fields"', async ({ page }) => {
  await page.goto(`/products/${documented.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: /SKU-DOC-1/ })).toBeVisible();
  await expect(await allFieldsRow(page, `product ${documented.product}`, 'unitPrice')).toContainText('39.99');
});

// Orders, receives and returns are listed from the console's own index (its sync reads the listing on the
// server); the products list still pages through the operator's listing in the browser.
test('the products list works within what an upstream that ignores the listing parameters sends, and says so', async ({
  page,
}) => {
  // More rows than asked, then the same cursor again: all are shown, and paging stops instead of looping.
  await page.goto('/products');
  await expect(
    page.getByRole('status').filter({ hasText: 'more products than one page holds' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: /Recently changed products/ }).getByRole('row')).toHaveCount(
    24,
  );
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'does not page through its products' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0);
});

test("against the real operator, ANE flags the summary's rule refuses are a warning, and the save goes through", async ({
  page,
}) => {
  await fillAneWithReleaseCapture(page);
  const warning = page
    .getByRole('status')
    .filter({ hasText: 'The warehouse service may refuse this pick mode' });
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${documented.productId}$`));
});
