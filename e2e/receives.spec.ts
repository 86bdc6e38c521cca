import { readFile } from 'node:fs/promises';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';
import { untilIndexed, updatedFromNow } from './support/index-lists';
import { chooseWarehouse, leaveDialog, productLineField, warehouseField } from './support/locators';
import { uniqueSuffix } from './support/records';

test('a manager filters to short receives and reads which lines are short and by how much', async ({
  page,
  request,
  records,
}) => {
  const startedAt = updatedFromNow();
  const id = uniqueSuffix();
  const bolt = `BOLT-${id}`;
  const nut = `NUT-${id}`;
  await records.product(bolt);
  await records.product(nut);
  const short = `PO-SHORT-${id}`;
  const complete = `PO-FULL-${id}`;
  await records.receive({
    primaryReference: short,
    secondaryReference: 'ASN 7',
    receiveLines: [
      { productCode: bolt, quantity: 10 },
      { productCode: nut, quantity: 20 },
    ],
  });
  await records.receiveGoods(short, [
    { lineNumber: '1', quantity: 10 },
    { lineNumber: '2', quantity: 15 },
  ]);
  await records.finalizeReceive(short);
  await records.receive({
    primaryReference: complete,
    receiveLines: [{ productCode: bolt, quantity: 5 }],
  });
  await records.receiveGoods(complete);
  await records.finalizeReceive(complete);
  await untilIndexed(request, 'receives', { state: 'short', status: 'FIN', updatedFrom: startedAt }, 1);

  await page.goto('/receives');
  await expect(page.getByRole('heading', { level: 1, name: 'Receives' })).toBeVisible();
  await expect(page).toHaveTitle('Receives · Warehouse Console');
  await expect(page.getByRole('link', { name: complete })).toBeVisible();

  await page.getByLabel('Lines short or over').selectOption('short');
  await expect(page).toHaveURL(/discrepancy=short/);
  await expect(page.getByRole('link', { name: short })).toBeVisible();
  await expect(page.getByRole('link', { name: complete })).toHaveCount(0);
  const shortRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: short }) });
  await expect(shortRow).toContainText('Short');
  await expect(shortRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '83');

  await page.getByRole('link', { name: short }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Receive ${short}` })).toBeVisible();
  await expect(page).toHaveTitle(`Receive ${short} · Warehouse Console`);
  await expect(page.getByText('25 of 30 announced units received (83%)')).toBeVisible();
  await expect(page.getByTestId('discrepancies')).toContainText(`Line 2, ${nut}: 5 of 20 did not arrive`);
  const nutLine = page.getByTestId('receive-line').filter({ hasText: nut });
  await expect(nutLine.getByRole('cell')).toContainText(['2', '20', '15', '5 short', 'Short']);
  const boltLine = page.getByTestId('receive-line').filter({ hasText: bolt });
  await expect(boltLine).toHaveAttribute('data-state', 'complete');
  await expect(page.getByRole('region', { name: 'Shipment 1 of 1', exact: true })).toContainText(
    'Finalized (FIN)',
  );

  // The same receive found by its exact reference from the Receives page.
  await page.getByRole('link', { name: 'All receives' }).click();
  await page.getByLabel('Search receives', { exact: true }).fill(complete);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`reference=${complete}`));
  const found = page
    .getByRole('table', { name: `Receives with the reference ${complete}` })
    .locator('tbody tr');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Complete');
});

test('a receive created in the form shows partial, then complete, as the warehouse receives it', async ({
  page,
  records,
}) => {
  test.setTimeout(budgets.formJourney);
  const id = uniqueSuffix();
  const older = `SHELF-${id}`;
  const product = `CRATE-${id}`;
  await records.product(older);
  await records.product(product);
  const reference = `PO-NEW-${id}`;
  // A catalog larger than the suggestions: the older product is left out of them, as it would be beyond
  // the newest 200, and can still be typed in full.
  await page.route(/\/api\/warehouse\/v1\/products\?/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.products = body.data.products.filter(
      (listed: { productCode: string }) => listed.productCode !== older,
    );
    await route.fulfill({ response, json: body });
  });

  await page.goto('/receives/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New receive' })).toBeVisible();
  await expect(page).toHaveTitle('New receive · Warehouse Console');
  await page.getByRole('button', { name: 'Create receive' }).click();
  // Empty, the warehouse says so in its placeholder, and its error (said once) what to do.
  await expect(warehouseField(page)).toHaveAttribute('placeholder', 'No warehouse chosen');
  await expect(warehouseField(page)).toHaveAccessibleDescription('Choose a warehouse');
  await expect(page.getByText('Choose a warehouse')).toHaveCount(1);
  await expect(page.getByText('Enter the reference')).toBeVisible();
  // A line starts at one unit, as on an order; its product is still to be chosen.
  await expect(page.getByLabel('Line 1 quantity')).toHaveValue('1');
  await expect(productLineField(page, 1)).toHaveAccessibleDescription(/Choose a product/);

  await chooseWarehouse(page, 'NJE');
  await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
  await page.getByLabel('Transport reference').fill('CONT-42');
  await page.getByLabel('ETA').fill('2026-12-24');
  // Line 1 picked from the suggestions by part of its code, line 2 typed in full.
  await productLineField(page, 1).fill(product.slice(0, -2));
  await page.getByRole('option', { name: `${product} — Product ${product}` }).click();
  await expect(productLineField(page, 1)).toHaveValue(product);
  await page.getByLabel('Line 1 quantity').fill('4');
  await page.getByRole('button', { name: 'Add a line' }).click();
  await productLineField(page, 2).fill(older);
  await expect(page.getByRole('option', { name: new RegExp(older) })).toHaveCount(0);
  await page.getByLabel('Line 2 quantity').fill('1');
  await expect(productLineField(page, 2)).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create receive' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Receive ${reference}` })).toBeVisible();
  const crateLine = page.getByTestId('receive-line').filter({ hasText: product });
  const shelfLine = page.getByTestId('receive-line').filter({ hasText: older });
  await expect(crateLine).toHaveAttribute('data-state', 'awaiting');
  await expect(shelfLine).toHaveAttribute('data-state', 'awaiting');
  await expect(page.getByText('0 of 5 announced units received (0%)')).toBeVisible();

  await records.receiveGoods(reference, [{ lineNumber: '1', quantity: 1 }]);
  await page.reload();
  await expect(crateLine).toHaveAttribute('data-state', 'partial');
  await expect(shelfLine).toHaveAttribute('data-state', 'awaiting');
  await expect(page.getByText('1 of 5 announced units received (20%)')).toBeVisible();
  // Still due, so outstanding: nothing is missing from an open receive.
  await expect(crateLine).toContainText('3 outstanding');
  await expect(page.locator('main')).not.toContainText('missing');

  // The rest arrives through the page's own sandbox warehouse panel.
  await page.getByRole('button', { name: 'Receive everything outstanding' }).click();
  await expect(crateLine).toHaveAttribute('data-state', 'complete');
  await expect(shelfLine).toHaveAttribute('data-state', 'complete');
  await expect(page.getByText('5 of 5 announced units received (100%)')).toBeVisible();
  await page.getByRole('button', { name: 'Finalize shipment' }).click();
  await expect(page.getByText('Finalized (FIN)').first()).toBeVisible();
  await expect(crateLine).toHaveAttribute('data-state', 'complete');
});

test('a reference already in use is reported on its field and the form keeps what was typed', async ({
  page,
  records,
}) => {
  const id = uniqueSuffix();
  const product = `PALLET-${id}`;
  await records.product(product);
  const reference = `PO-TAKEN-${id}`;
  await records.receive({
    primaryReference: reference,
    receiveLines: [{ productCode: product, quantity: 1 }],
  });

  await page.goto('/receives/new');
  await chooseWarehouse(page, 'LAW');
  await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
  await page.getByLabel('Line 1 quantity').fill('2');
  // A code no product has is refused on its line before anything is sent.
  await productLineField(page, 1).fill('NO-SUCH-PRODUCT');
  await page.getByRole('button', { name: 'Create receive' }).click();
  await expect(productLineField(page, 1)).toHaveAccessibleDescription(
    /No product has the code NO-SUCH-PRODUCT/,
  );
  await expect(productLineField(page, 1)).toBeFocused();

  await productLineField(page, 1).fill(product);
  await page.getByRole('button', { name: 'Create receive' }).click();

  const referenceField = page.getByRole('textbox', { name: /^Reference/ });
  await expect(referenceField).toHaveAttribute('aria-invalid', 'true');
  await expect(referenceField).toHaveAccessibleDescription(
    new RegExp(`A receive with primaryReference ${reference} already exists`),
  );
  await expect(referenceField).toHaveValue(reference);
  await expect(page.getByLabel('Line 1 quantity')).toHaveValue('2');
  await expect(page).toHaveURL(/\/receives\/new$/);

  // Leaving the unsaved form asks first; staying keeps every value.
  await page.getByRole('link', { name: 'Returns' }).click();
  const dialog = leaveDialog(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/receives\/new$/);
  await expect(referenceField).toHaveValue(reference);
  await page.getByRole('link', { name: 'Returns' }).click();
  await dialog.getByRole('button', { name: 'Leave and discard changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
});

test('typed ETA dates and the short filter show exactly the receives in range, sorted, and export them', async ({
  page,
  request,
  records,
}) => {
  test.setTimeout(budgets.formJourney);
  const id = uniqueSuffix();
  const product = `BOX-${id}`;
  await records.product(product);
  // Far from any demo receive's ETA. Short receives (received 1, 2 and 3 of 10) due on 10, 15 and 20
  // March, one due just outside the range on each side, and an over-received one inside it.
  const shortOnes = [
    { reference: `PO-CSV-${id}-1`, eta: '2092-03-10', got: 1 },
    { reference: `PO-CSV-${id}-2`, eta: '2092-03-15', got: 2 },
    { reference: `PO-CSV-${id}-3`, eta: '2092-03-20', got: 3 },
    { reference: `PO-CSV-${id}-EARLY`, eta: '2092-03-09', got: 4 },
    { reference: `PO-CSV-${id}-LATE`, eta: '2092-03-21', got: 5 },
  ];
  for (const [index, { reference, eta, got }] of shortOnes.entries()) {
    await records.receive({
      primaryReference: reference,
      eta,
      secondaryReference: index === 0 ? 'dock "B", bay 4' : undefined,
      receiveLines: [{ productCode: product, quantity: 10 }],
    });
    await records.receiveGoods(reference, [{ lineNumber: '1', quantity: got }]);
    await records.finalizeReceive(reference);
  }
  const over = `PO-CSV-${id}-OVER`;
  await records.receive({
    primaryReference: over,
    eta: '2092-03-15',
    receiveLines: [{ productCode: product, quantity: 1 }],
  });
  await records.receiveGoods(over, [{ lineNumber: '1', quantity: 2 }]);
  const inRange = { etaFrom: '2092-03-10', etaTo: '2092-03-20' };
  await untilIndexed(request, 'receives', { ...inRange, discrepancy: 'short' }, 3);
  await untilIndexed(request, 'receives', { ...inRange, discrepancy: 'over' }, 1);

  await page.goto('/receives');
  const eta = page.getByRole('group', { name: 'ETA' });
  await eta.getByLabel('ETA').selectOption('custom');
  const from = eta.getByRole('textbox', { name: 'From' });
  // Typed key by key: no partial year reaches the URL, and the field keeps what was typed.
  await from.pressSequentially('209');
  await expect(from).toHaveValue('209');
  await expect(page).not.toHaveURL(/etaFrom/);
  await from.pressSequentially('2-03-10');
  await expect(page).toHaveURL(/etaFrom=2092-03-10/);
  await eta.getByRole('textbox', { name: 'To' }).pressSequentially('2092-03-20');
  await expect(page).toHaveURL(/etaTo=2092-03-20/);

  const rows = page.getByRole('table', { name: 'Receives, page 1' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  expect((await rows.locator('th').allTextContents()).toSorted()).toEqual(
    [shortOnes[0].reference, shortOnes[1].reference, shortOnes[2].reference, over].toSorted(),
  );

  await page.getByLabel('Lines short or over').selectOption('short');
  await expect(page).toHaveURL(/discrepancy=short/);
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  await expect(page.getByRole('link', { name: over })).toHaveCount(0);

  // Received ascending puts the least complete first; a second click turns it around.
  await page.getByRole('button', { name: /^Received/ }).click();
  await expect(page).toHaveURL(/sort=received/);
  await expect(page.getByRole('columnheader', { name: /Received/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(rows.first()).toContainText(shortOnes[0].reference);
  await page.getByRole('button', { name: /^Received/ }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(rows.first()).toContainText(shortOnes[2].reference);

  // The export holds exactly the filtered rows, in the list's order.
  const exportLink = page.getByRole('link', { name: 'Export CSV (3 rows)' });
  const downloadPromise = page.waitForEvent('download');
  await exportLink.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('receives-short-eta-2092-03-10-to-2092-03-20.csv');
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  // Headed in words; a return's original order and reason are the returns' columns alone.
  expect(header).toBe(
    'Reference,Supplier,State,Status code,Warehouse,ETA,Finalized,Last updated,Units announced,Units received,Units short,Units over',
  );
  expect(lines.map((line) => line.split(',')[0])).toEqual([
    shortOnes[2].reference,
    shortOnes[1].reference,
    shortOnes[0].reference,
  ]);
  expect(lines.every((line) => line.includes(',Short,FIN,LAW,'))).toBe(true);
  expect(csv).not.toContain(over);

  // A hand-edited URL with bad values still opens the list with defaults.
  await page.goto('/receives?status=lost&state=blue&etaFrom=2092-02-30&sort=color');
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(page.getByLabel('State')).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Receives, page 1' })).toBeVisible();
});

test('an unknown receive in the address shows the not-found page without "Try again"', async ({ page }) => {
  const reference = `PO-NONE-${uniqueSuffix()}`;
  await page.goto(`/receives/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receive not found' })).toBeVisible();
  await expect(page).toHaveTitle('Receive not found · Warehouse Console');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // The reference may belong to another kind of record: the search looks through all of them.
  await page.getByRole('link', { name: `Search everything for “${reference}”` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Search results for “${reference}”` }),
  ).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Go to receives' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receives' })).toBeVisible();
});

test("a manager reads who supplied the demo's short and over receives and by how much, on the list and in its export", async ({
  page,
}) => {
  // The demo's receives (demo-references.ts): a supplier's company ships from its logistics desk.
  const expected = [
    { reference: demoReferences.receives.short, supplier: 'Peak Naturals', short: '12', over: '0' },
    { reference: demoReferences.receives.over, supplier: 'Sonora Audio Inc.', short: '0', over: '12' },
  ];
  await page.goto('/receives?discrepancy=any');
  const table = page.getByRole('table', { name: 'Receives, page 1' });
  for (const { reference, supplier, short, over } of expected) {
    const row = table.locator('tbody tr').filter({ has: page.getByRole('link', { name: reference }) });
    const cell = (column: string) => row.locator(`td[data-label="${column}"]`);
    await expect(cell('Supplier')).toHaveText(supplier);
    await expect(cell('Short')).toHaveText(short === '0' ? '—' : short);
    await expect(cell('Over')).toHaveText(over === '0' ? '—' : over);
    await expect(cell('Finalized')).not.toHaveText('—');
  }
  await expect(table).not.toContainText('Logistics');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Export CSV/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^receives-short-or-over-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  const columns = header ?? [];
  for (const { reference, supplier, short, over } of expected) {
    const line = lines.find((cells) => cells[0] === reference) ?? [];
    const cells = Object.fromEntries(columns.map((column, index) => [column, line[index]]));
    expect(cells).toMatchObject({ Supplier: supplier, 'Units short': short, 'Units over': over });
    // A time as a spreadsheet reads one, in the reader's zone.
    expect(cells.Finalized).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  }
});
