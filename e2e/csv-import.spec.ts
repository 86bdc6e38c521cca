import { expect, test } from './support/fixtures';
import { chooseCsv, productLineField } from './support/locators';
import { uniqueSuffix } from './support/records';

test('a product CSV with one bad row: the dry run names its error, the other two are created, and the same file again creates nothing', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const codes = [`CSV-A-${suffix}`, `CSV-B-${suffix}`, `CSV-C-${suffix}`];
  // Semicolons and a decimal comma, as a spreadsheet in many countries saves it.
  const file = [
    'SKU;Description;Weight;Notes',
    `${codes[0]};Enamel mug;0,4;first`,
    `${codes[1]};;heavy;second`,
    `${codes[2]};Enamel plate;0,6;third`,
  ].join('\r\n');

  await page.goto('/products');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products from CSV' })).toBeVisible();
  await expect(page.getByText(/At most 5 MB and 10,000 rows/)).toBeVisible();

  await chooseCsv(page, 'launch.csv', file);
  // Notes is no product field: the columns are shown, Notes left out, until the reader checks the rows.
  await expect(page.getByRole('combobox', { name: 'Column Notes is imported as' })).toHaveValue(
    'Not imported',
  );
  await page.getByRole('button', { name: 'Check the rows' }).click();

  await expect(page.getByText('2 ready, 1 with errors, 0 already exist')).toBeVisible();
  const bad = page.getByRole('row', { name: /^3 / });
  await expect(bad).toContainText('Description: Enter a description');
  await expect(bad).toContainText('Weight: Enter a number');

  await page.getByRole('button', { name: 'Create 2 products' }).click();
  await expect(page.getByText('2 created, 0 already existed, 1 refused.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the report (CSV)' }).click();
  const report = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of report) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  // The byte order mark tells Excel the file is UTF-8.
  expect(text.startsWith('\uFEFFrow,code,outcome,message')).toBe(true);
  expect(text).toContain(`2,${codes[0]},created,`);
  expect(text).toContain(`3,${codes[1]},refused,`);

  await page.goto(`/products?code=${codes[2]}`);
  await expect(page.getByRole('link', { name: codes[2] }).first()).toBeVisible();

  // The same file again: the two are reported as already there, and nothing is created.
  await page.goto('/products/import');
  await chooseCsv(page, 'launch.csv', file);
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText('0 ready, 1 with errors, 2 already exist')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^2 ${codes[0]}`) })).toContainText('Already exists');
  await expect(page.getByRole('button', { name: 'Create 0 products' })).toBeDisabled();
});

test('a file that is no CSV table is refused with its reason, and the page stays usable', async ({
  page,
}) => {
  await page.goto('/products/import');
  await chooseCsv(page, 'empty.csv', '\r\n');
  await expect(page.getByRole('alert')).toContainText('empty.csv cannot be imported. It has no header line.');
  await chooseCsv(page, 'header.csv', 'code,description\r\n');
  await expect(page.getByRole('alert')).toContainText('header.csv has no rows under a header line');
  await chooseCsv(page, 'broken.csv', 'code,description\r\nA-1,Mug\r\nA-2,"Cup\r\nA-3,Bowl\r\n');
  await expect(page.getByRole('alert')).toContainText(
    'broken.csv cannot be imported. Row 3 has a quote that is never closed.',
  );
  await chooseCsv(page, 'one.csv', `code,description\r\nCSV-D-${uniqueSuffix()},Cup`);
  await expect(page.getByText('1 ready, 0 with errors, 0 already exist')).toBeVisible();
});

test('a packing list fills the receive form’s lines, keeping what was typed and refusing an unknown code', async ({
  page,
  records,
}) => {
  const id = uniqueSuffix();
  const cups = `CUP-${id}`;
  const plates = `PLATE-${id}`;
  await records.product(cups);
  await records.product(plates);
  const reference = `PO-CSV-${id}`;

  await page.goto('/receives/new');
  await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
  await page.getByRole('button', { name: 'Import lines from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import lines from a packing list' });
  await expect(dialog).toBeVisible();
  await chooseCsv(
    page,
    'packing-list.csv',
    ['SKU,Qty,UOM,Line', `${cups},24,,L1`, `NO-SUCH-${id},3,,L2`, `${plates},12,UNT,L3`].join('\r\n'),
  );
  await expect(dialog.getByText('packing-list.csv: 2 lines ready, 1 row refused')).toBeVisible();
  await expect(dialog).toContainText(`Row 3: No product has the code NO-SUCH-${id}`);
  await dialog.getByRole('button', { name: 'Add 2 lines' }).click();

  await expect(dialog).toBeHidden();
  await expect(productLineField(page, 1)).toHaveValue(cups);
  await expect(page.getByLabel('Line 1 quantity')).toHaveValue('24');
  await expect(productLineField(page, 2)).toHaveValue(plates);
  await expect(page.getByLabel('Line 2 quantity')).toHaveValue('12');
  await expect(page.getByRole('textbox', { name: /^Reference/ })).toHaveValue(reference);
});

test('the creates show their progress and Cancel stops before the next batch', async ({ page }) => {
  const suffix = uniqueSuffix();
  const file = [
    'code,description',
    ...Array.from({ length: 60 }, (_, i) => `CSV-P${i}-${suffix},Bowl ${i}`),
  ].join('\n');
  // The first batch is held until the page has been looked at and canceled.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/imports/products/create', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/products/import');
  await chooseCsv(page, 'bowls.csv', file);
  await expect(page.getByText('60 ready, 0 with errors, 0 already exist')).toBeVisible();
  await page.getByRole('button', { name: 'Create 60 products' }).click();
  // At 0% the bar's filled part has no width: its name and value are what is checked.
  await expect(
    page.getByRole('progressbar', { name: /Creating: 0 of 60 products answered/ }),
  ).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: 'Cancel' }).click();
  release();

  await expect(page.getByText('Import canceled')).toBeVisible();
  await expect(page.getByText('50 created, 0 already existed, 0 refused, 10 not sent.')).toBeVisible();
});
