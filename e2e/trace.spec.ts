import { demoReferences } from '#sandbox/warehouse/demo-references';
import { readCsvFile } from './support/downloads';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';
import { expectFitsPhoneWidth } from './support/screenshots';

test('a manager traces a lot from its receive to the customers who got it, and exports the recall list', async ({
  page,
  request,
  records,
}) => {
  const suffix = uniqueSuffix();
  const lot = `LOT-E2E-${suffix}`;
  const product = `TEA-${suffix}`;
  const batch = (quantity: number) => [{ quantity, partAttributes: [{ key: 'LOT', value: lot }] }];
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { data });
    expect(response.ok(), await response.text()).toBe(true);
  };

  // Ten units of the lot come in; two customers get three and two of them.
  await records.product(product, 'Green tea, loose leaf');
  await records.receive({
    primaryReference: `PO-${suffix}`,
    receiveLines: [{ productCode: product, quantity: 10 }],
  });
  await post(`/api/sandbox/v1/receives/PO-${suffix}/receive`, {
    receiveLines: [{ lineNumber: '1', quantity: 10, sublines: batch(10) }],
  });
  for (const [reference, quantity] of [
    [`SO-A-${suffix}`, 3],
    [`SO-B-${suffix}`, 2],
  ] as const) {
    await records.order(reference, { quantity, productCode: product });
    await post(`/api/sandbox/v1/orders/${reference}/pick`, {});
    await post(`/api/sandbox/v1/orders/${reference}/ship`, {
      shipmentLines: [{ lineNumber: '1', quantity, sublines: batch(quantity) }],
    });
  }

  // The palette offers the lot's trace, and so does the search page.
  await page.goto('/');
  await page.getByRole('combobox', { name: /Find an order/ }).fill(lot);
  await expect(
    page.getByRole('option', { name: `Trace ${lot}: where it came in and who got it →` }),
  ).toBeVisible();
  await page.goto(`/search?q=${lot}`);
  await page
    .getByRole('link', { name: `Trace ${lot}: which receive brought it in and which customers got it` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trace a lot or serial number' })).toBeVisible();
  await expect(page.getByLabel('Lot or serial number')).toHaveValue(lot);
  await page.getByLabel('Lot or serial number').fill(lot.toLowerCase());
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByTestId('trace-summary')).toHaveText(
    'Received 10 · shipped 5 to 2 customers · returned 0. 5 not accounted for: still in the warehouse, or gone where no record says.',
  );
  const rows = page.getByRole('table', { name: `Where ${lot.toLowerCase()} went` }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Came in');
  await expect(rows.nth(0)).toContainText(`PO-${suffix}`);
  await expect(rows.filter({ hasText: `SO-A-${suffix}` })).toContainText('Shipped');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV (2 rows)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^recall-${lot.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = (await readCsvFile(await download.path())).rows;
  expect(csv.map((row) => row.Order).toSorted()).toEqual([`SO-A-${suffix}`, `SO-B-${suffix}`]);
  // Where each recall letter goes: the records' fixture ships to 1 Main St, Austin.
  expect(csv.map((row) => [row['Address line 1'], row.City, row['Postal code']])).toEqual([
    ['1 Main St', 'Austin', '78701'],
    ['1 Main St', 'Austin', '78701'],
  ]);

  await expectFitsPhoneWidth(page);

  // The order it went out on is one click away.
  await rows
    .filter({ hasText: `SO-A-${suffix}` })
    .getByRole('link', { name: `SO-A-${suffix}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/SO-A-${suffix}$`));
});

test('a recall on the demo: the lot of one receive traced to the three customers who got it, and their recall list', async ({
  page,
}) => {
  // Received on one demo receive and shipped, first expiry first out, on three demo orders (demo-references.ts).
  const { lot, receive, orders } = demoReferences.lots.recalled;
  const customers = ['Samuel Okafor', 'Oliver Hughes', 'Priya Raman'];
  await page.goto(`/trace?q=${lot}`);
  await expect(page.getByLabel('Lot or serial number')).toHaveValue(lot);
  // Other journeys may return some of it; none of them receives or ships this lot.
  await expect(page.getByTestId('trace-summary')).toHaveText(
    /^Received 240 · shipped 6 to 3 customers · returned \d+\./,
  );
  const rows = page.getByRole('table', { name: `Where ${lot} went` }).locator('tbody tr');
  await expect(rows.filter({ hasText: 'Came in' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Came in' })).toContainText(receive);
  for (const [index, order] of orders.entries()) {
    const row = rows.filter({ hasText: order });
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText(customers[index] ?? '');
  }

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV (3 rows)' }).click();
  const csv = (await readCsvFile(await (await downloadPromise).path())).rows;
  expect(csv.map((row) => row.Order).toSorted()).toEqual([...orders].toSorted());
  expect(csv.map((row) => row.Customer).toSorted()).toEqual(customers.toSorted());
});

test('a lot nobody holds says so, and the box keeps what was typed', async ({ page }) => {
  await page.goto('/trace?q=NO-SUCH-LOT');
  await expect(
    page.getByRole('heading', { name: 'No order, receive or return holds “NO-SUCH-LOT”' }),
  ).toBeVisible();
  await expect(page.getByLabel('Lot or serial number')).toHaveValue('NO-SUCH-LOT');
});
