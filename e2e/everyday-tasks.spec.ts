import type { Page } from '@playwright/test';
import { demoReferences } from '../src/sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';
import { headerSearch, productLineField, searchMatches } from './support/locators';
import { uniqueSuffix } from './support/records';

// The three users' tasks of issue 43 as a person does them, on the demo data: the text for the customer,
// a return from its order, search rows that name products, weeks that say their days, imports of people's
// own files, and the smaller things. Their pages are scanned with axe in both schemes at 1280 and 390 px
// by sweeps/tasks.spec.ts.

async function orderOf(page: Page, reference: string) {
  const answer = await page.request.get('/api/warehouse/v1/orders', {
    params: { PrimaryReference: reference },
  });
  const [order] = (await answer.json()).data.orders as {
    secondaryReference?: string;
    shipToAddress?: { contact?: { personName?: string; emailAddress?: string } };
  }[];
  return order;
}

test('the text for the customer names the products and offers the next step for what could not be sent', async ({
  page,
}) => {
  test.slow();
  await page.goto(`/orders/${demoReferences.orders.twoCarriersAndCanceled}`);
  await page.getByRole('button', { name: 'Copy for the customer' }).click();
  const message = page
    .getByRole('dialog', { name: 'Message for the customer' })
    .getByRole('textbox', { name: 'Message' });
  // Products by their names (the demo's "USB-C cable 2 m"), never their codes.
  await expect(message).toHaveValue(/- Sent on .+ with USPS: 1 × USB-C cable 2 m\./);
  await expect(message).toHaveValue(
    /- Could not be sent and was canceled: 1 × Vitamin D3 softgels, 120 count\./,
  );
  await expect(message).not.toHaveValue(/\d+ × [A-Z0-9]+-[A-Z0-9-]+[.;]/);
  await expect(message).toHaveValue(
    /\n\nPlease reply to this message and we will make it right: a replacement or a refund, as you prefer\.$/,
  );
});

test('support starts a return from the order: the form has the order and its lines, and finds an order by its web number', async ({
  page,
}) => {
  test.slow();
  const reference = demoReferences.orders.international;
  const order = await orderOf(page, reference);
  await page.goto(`/orders/${reference}`);
  // Who the order is for, at the top: before the shipments.
  const customer = page.getByTestId('order-customer');
  await expect(customer).toContainText(order?.shipToAddress?.contact?.personName ?? '');
  const top = await customer.boundingBox();
  expect(top?.y ?? 1000).toBeLessThan(200);

  await page.getByRole('link', { name: 'Start a return' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New return' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Original order/ })).toHaveValue(reference);
  const lines = page.getByTestId('return-line');
  await expect(lines.first()).toBeVisible();
  // The first quantity waits for the person.
  await expect(page.getByRole('textbox', { name: / quantity back$/ }).first()).toBeFocused();

  // The order box finds an order by what the customer quotes: its web order number.
  await page.goto('/returns/new');
  const box = page.getByRole('textbox', { name: /^Original order/ });
  await box.fill(`#${order?.secondaryReference?.toLowerCase()}`);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(box).toHaveValue(reference);
  await expect(lines.first()).toBeVisible();
});

test('search rows say what each order holds by product name, and on a phone about five show above the keyboard', async ({
  page,
}) => {
  test.slow();
  await page.goto('/orders');
  await page.keyboard.press('Control+k');
  await headerSearch(page).pressSequentially('jordan', { delay: 20 });
  const options = searchMatches(page).getByRole('option');
  await expect(options.first()).toContainText("customer's name:");
  // "1 × Vitamin D3 softgels, 120 count", not "1 × VIT-D3-120".
  await expect(options.filter({ hasText: 'SO-100125' }).first()).toContainText(/\d+ × Vitamin D3 softgels/);

  await page.setViewportSize({ width: 390, height: 500 });
  await expect(options.first()).toBeVisible();
  const shown = await options.evaluateAll(
    (all) =>
      all.filter((option) => {
        const box = option.getBoundingClientRect();
        return box.height > 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(shown).toBeGreaterThanOrEqual(4);
  await page.screenshot({ path: 'screenshots/search-rows-phone-keyboard.png' });
});

test('a week filter says its days, and a list its filters leave empty says why and offers to clear them', async ({
  page,
}) => {
  test.slow();
  await page.goto('/receives');
  const finalized = page.getByRole('group', { name: 'Finalized' }).getByRole('combobox');
  await expect(finalized.getByRole('option', { name: /^This week \(.+\)$/ })).toHaveCount(1);
  await expect(finalized.getByRole('option', { name: /^Last week \(.+\)$/ })).toHaveCount(1);

  await page.goto('/receives?discrepancy=any&finishedFrom=2020-01-06&finishedTo=2020-01-12');
  const empty = page.getByRole('heading', { name: 'No receives match these filters' });
  await expect(empty).toBeVisible();
  await expect(page.getByText(/^The filters ask for: short or over; finalized Jan 6/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'New receive' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/receives$/);
  await expect(page.getByRole('table').first()).toBeVisible();
});

test('a merchandiser imports a file of their own: natural headers, a template, cards on a phone', async ({
  page,
}) => {
  test.slow();
  const suffix = uniqueSuffix();
  const rows = Array.from({ length: 20 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    const code = index === 11 ? `MUG ${suffix} ${number}` : `MUG-${suffix}-${number}`;
    const name = index === 3 ? '' : `"Stoneware mug ${number}, blue"`;
    const price = index === 7 ? '-3' : '12.50';
    const weight = index === 15 ? 'heavy' : '0.9';
    return [code, name, price, weight, index === 4 ? 'yes' : ''].join(',');
  });
  const file = ['SKU,Product name,Price (USD),Weight (lb),Serialized', ...rows].join('\r\n');

  await page.goto('/products/import');
  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download a template (CSV)' }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await template).createReadStream()) chunks.push(chunk as Buffer);
  const templateText = Buffer.concat(chunks).toString('utf8');
  expect(templateText).toMatch(/^\uFEFFSKU,Product name,Price \(USD\),Weight \(lb\)/);

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'mugs.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  // Every header known: the dry run starts by itself.
  await expect(page.getByText('16 ready, 4 with errors, 0 already exist')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Column Weight (lb) is imported as' })).toHaveValue(
    'Weight',
  );
  await expect(page.getByRole('combobox', { name: 'Column Serialized is imported as' })).toHaveValue(
    'Attribute Serial number',
  );
  await page.getByRole('button', { name: 'Create 16 products' }).click();
  await expect(page.getByText('16 created, 0 already existed, 4 refused.')).toBeVisible();
  await page.goto(`/products?code=MUG-${suffix}-01`);
  await expect(page.getByText(/Stoneware mug 01, blue/).first()).toBeVisible();
});

test('a packing list takes a code in other letter case, and the rows left out stay in view', async ({
  page,
}) => {
  test.slow();
  await page.goto('/receives/new');
  await page.getByRole('button', { name: 'Import lines from CSV' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'packing.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('sku,qty\r\ntee-org-blk-m,4\r\nGHOST-404,1\r\n'),
  });
  await expect(page.getByText('packing.csv: 1 line ready, 1 row refused')).toBeVisible();
  await page.getByRole('button', { name: 'Add 1 line' }).click();
  await expect(productLineField(page, 1)).toHaveValue('TEE-ORG-BLK-M');
  const leftOut = page.getByRole('alert').filter({ hasText: '1 row of packing.csv not added' });
  await expect(leftOut).toContainText('Row 3: No product has the code GHOST-404');
  await leftOut.getByRole('button', { name: 'Dismiss the rows not added' }).click();
  await expect(leftOut).toBeHidden();
});

test('smaller things: the products list without the warehouse, buttons a finger’s size, back to the list as filtered, and when a short receive was finalized', async ({
  page,
}) => {
  test.slow();
  // The warehouse stops answering its product listing: the page says so in words, and its search works.
  await page.route('**/api/warehouse/v1/products?**', (route) =>
    route.fulfill({
      status: 502,
      json: {
        data: {},
        id: 'x',
        resource: [],
        errors: [{ status: '502', code: 'upstream_unreachable', title: 'The warehouse did not answer' }],
      },
    }),
  );
  await page.goto('/products');
  await expect(page.getByText('The warehouse is not answering')).toBeVisible();
  await expect(page.getByText(/502/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search products' }).fill('tee-org-blk');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/products match “tee-org-blk”/)).toBeVisible();
  await page.unroute('**/api/warehouse/v1/products?**');

  // Every button on a phone is at least 44 px tall.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orders/${demoReferences.orders.shipped}`);
  await expect(page.getByRole('button', { name: 'Copy for the customer' })).toBeVisible();
  const heights = await page
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.getClientRects().length > 0)
        .map((button) => button.getBoundingClientRect().height),
    );
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 1280, height: 720 });

  // "All receives" goes back to the list as it was filtered.
  await page.goto('/receives?discrepancy=any&sort=reference&dir=asc');
  await page.getByRole('link', { name: demoReferences.receives.short, exact: true }).click();
  await page.getByRole('link', { name: 'All receives' }).click();
  await expect(page).toHaveURL(/\/receives\?discrepancy=any&sort=reference&dir=asc$/);

  // The start page dates a receive finalized short by when it was finalized.
  await page.goto('/');
  const short = page.getByRole('region', { name: 'Received short or over' });
  await expect(short.getByRole('listitem').first()).toContainText(/ · Finalized /);
  await expect(short).not.toContainText(/ · ETA /);
});
