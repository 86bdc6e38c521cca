import { readFile } from 'node:fs/promises';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { pdfText } from '#server/testing/pdf-text';
import { budgets } from './support/budgets';
import { readCsvFile } from './support/downloads';
import { expect, test } from './support/fixtures';
import { demoConsoleEnv } from './support/settings';

test('a manager sends the supplier a claim for the demo receive finalized short: who claims, each product by name, the shortage in units and money', async ({
  page,
}) => {
  test.setTimeout(budgets.formJourney);
  const reference = demoReferences.receives.short;

  // The start page's queue of receives finished short or over counts down too (the first five shown).
  await page.goto('/');
  const queue = page.getByRole('region', { name: 'Received short or over' });
  await expect(queue.getByRole('listitem').first().getByTestId('claim-window')).toHaveText(
    /^\d+ days? left to claim \(until .+\)$/,
  );

  await page.goto(`/receives/${reference}`);
  const countdown = page.getByTestId('claim-window');
  await expect(countdown).toHaveText(/^\d+ days? left to claim \(until .+\)$/);
  // "Line 2, CODE: 4 of 20 did not arrive", as the page says what is missing.
  const missing = await page.getByTestId('discrepancies').getByRole('listitem').allTextContents();
  expect(missing.length).toBeGreaterThan(0);
  // The packet names the product as the pages do: by the description the index holds.
  const shortCode = /, ([^:]+):/.exec(missing[0] ?? '')?.[1] ?? '';
  const described = await page.request.get(`/api/index/products/descriptions?code=${shortCode}`);
  const shortName: string = (await described.json()).data.products[0]?.productDescription;
  expect(shortName).toBeTruthy();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Claim packet (PDF)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`claim-${reference}.pdf`);
  // Kept for a look at the packet as its reader sees it (pdftoppm makes pages of it).
  await download.saveAs(`screenshots/claim-packet-${reference}.pdf`);
  const text = (await pdfText(await readFile(await download.path()))).replace(/\s+/g, ' ');
  expect(text).toContain(`Claim for receive ${reference}`);
  expect(text).toContain(`Claimant ${demoConsoleEnv.CLAIMANT_NAME} ${demoConsoleEnv.CLAIMANT_CONTACT}`);
  expect(text).toContain('Peak Naturals');
  expect(text).toContain(await countdown.textContent());
  // Each short line as the page says it, with its product's name and what the missing units are worth.
  const literal = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const line of missing) {
    const [title = '', words = ''] = line.split(': ');
    expect(text).toMatch(
      new RegExp(`${literal(`${title} (${shortName}): ${words}`)}, worth \\$[\\d,.]+ at \\$[\\d,.]+ each`),
    );
  }
  expect(text).toMatch(/Units short worth \$[\d,.]+/);
  expect(text).not.toMatch(/Shipment rship-/);

  const csvPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Claim packet (CSV)' }).click();
  const csv = await csvPromise;
  const table = await readCsvFile(await csv.path());
  // One table: every row a line of the receive, the same columns, sortable by any.
  expect(table.headers).toEqual([
    ...['Receive', 'Line', 'Product code', 'Product', 'Announced', 'Received', 'Difference', 'Result'],
    ...['Unit price', 'Currency', 'Price from', 'Value of the difference', 'Lots and serial numbers'],
  ]);
  const short = table.rows.find((row) => row['Product code'] === shortCode);
  expect(short).toMatchObject({ Receive: reference, Product: shortName, Currency: 'USD' });
  const value = Number(short?.Difference) * Number(short?.['Unit price']);
  expect(Number(short?.['Value of the difference'])).toBeCloseTo(value, 2);
  expect(value).toBeLessThan(0);

  // What the supplier charged for a unit, entered on the receive, prices the claim instead of the product's price.
  const costs = page.getByRole('region', { name: 'Unit costs for the claim' });
  const box = costs.getByRole('textbox', {
    name: new RegExp(`${literal(missing[0]?.split(':')[0] ?? '')}.*cost of a unit, USD`),
  });
  await box.fill('9.75');
  await costs.getByRole('button', { name: 'Save unit costs' }).click();
  await expect(costs.getByRole('status')).toHaveText('Saved: the claim packet prices these lines at them.');
  await expect(costs.getByText(/\$9\.75, entered by .+ on /)).toBeVisible();
  const repriced = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Claim packet (CSV)' }).click();
  const again = (await readCsvFile(await (await repriced).path())).rows.find(
    (row) => row['Product code'] === shortCode,
  );
  expect(again).toMatchObject({ 'Unit price': '9.75', 'Price from': 'Entered on the receive' });
  expect(Number(again?.['Value of the difference'])).toBeCloseTo(Number(again?.Difference) * 9.75, 2);
  // Taken away again, so that the demo's packet stays as other journeys read it.
  await box.fill('');
  await costs.getByRole('button', { name: 'Save unit costs' }).click();
  await expect(costs.getByText('Empty: the claim counts the product’s price.')).toBeVisible();
});

test('a return nothing of which has arrived offers no claim packet; a received one does', async ({
  page,
}) => {
  await page.goto(`/returns/${demoReferences.returns.awaiting}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(demoReferences.returns.awaiting);
  await expect(page.getByText('Shipped, announced back, received back')).toBeVisible();
  await expect(page.getByRole('link', { name: /Claim packet/ })).toHaveCount(0);
  // Asked directly, the server says why.
  const refused = await page.request.get(`/api/index/receives/${demoReferences.returns.awaiting}/claim.pdf`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).errors[0].detail).toMatch(/has arrived yet/);

  await page.goto(`/returns/${demoReferences.returns.received}`);
  await expect(page.getByRole('link', { name: 'Claim packet (PDF)' })).toBeVisible();
});
