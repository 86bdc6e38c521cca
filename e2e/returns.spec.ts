import { expect, test } from './support/fixtures';
import { chooseWarehouse, productLineField } from './support/locators';
import { untilIndexed, updatedFromNow } from './support/index-lists';
import { uniqueSuffix } from './support/records';
import { checkBothSchemes } from './support/screenshots';

test('a return created in its form shows as a return and only in the returns list', async ({
  page,
  request,
  records,
}) => {
  const startedAt = updatedFromNow();
  const id = uniqueSuffix();
  const product = `LAMP-${id}`;
  await records.product(product);
  const rma = `RMA-${id}`;
  const receive = `PO-NOT-RET-${id}`;
  await records.receive({
    primaryReference: receive,
    receiveLines: [{ productCode: product, quantity: 1 }],
  });

  await page.goto('/returns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New return' })).toBeVisible();
  await checkBothSchemes(page, 'return-new');
  await chooseWarehouse(page, 'DFW');
  await page.getByLabel('RMA reference').fill(rma);
  await page.getByLabel('Return tracking').fill('1Z999AA10123456784');
  await page.getByLabel('Address line 1').fill('12 Elm Street');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('Country').fill('US');
  await page.getByLabel('Contact name').fill('Dana Customer');
  await productLineField(page, 1).fill(product);
  await page.getByLabel('Line 1 quantity').fill('2');
  await page.getByRole('button', { name: 'Create return' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Return ${rma}` })).toBeVisible();
  await expect(page.getByText('RMA reference', { exact: true })).toBeVisible();
  // On the return, and on its shipment (which carries the transport reference too, as the operator's does)
  // both at the top of the page and in its facts.
  await expect(page.getByText('1Z999AA10123456784')).toHaveCount(3);
  await expect(
    page.getByRole('region', { name: 'Shipments', exact: true }).getByText('1Z999AA10123456784'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Shipment 1 of/ }).getByText('1Z999AA10123456784'),
  ).toBeVisible();
  const customer = page.getByText('Customer', { exact: true }).locator('..');
  await expect(customer).toContainText('12 Elm Street');
  await expect(customer).toContainText('Dana Customer');

  await records.receiveGoods(rma, [{ lineNumber: '1', quantity: 1 }]);
  await untilIndexed(request, 'receives', { kind: 'return', state: 'partial', updatedFrom: startedAt }, 1);
  await page.reload();
  await expect(page.getByTestId('receive-line')).toHaveAttribute('data-state', 'partial');
  await checkBothSchemes(page, 'return-page');

  await page.getByRole('link', { name: 'All returns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await expect(page.getByRole('link', { name: rma })).toBeVisible();
  await expect(page.getByRole('link', { name: receive })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /RMA reference/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
  // Returns are filtered on the server: the partly received return is among the partial ones.
  await page.getByLabel('State').selectOption('partial');
  await expect(page).toHaveURL(/state=partial/);
  await expect(page.getByRole('link', { name: rma })).toBeVisible();
  await page.getByLabel('State').selectOption('complete');
  await expect(page.getByRole('link', { name: rma })).toHaveCount(0);
  await page.getByLabel('State').selectOption('');
  await expect(page.getByRole('link', { name: rma })).toBeVisible();
  await checkBothSchemes(page, 'returns-list');

  await page.getByLabel('Find by RMA reference', { exact: true }).fill(receive);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('It is a receive: look among the receives.')).toBeVisible();

  await page.goto('/receives');
  await expect(page.getByRole('link', { name: receive })).toBeVisible();
  await expect(page.getByRole('link', { name: rma })).toHaveCount(0);
});

test('a return opened under receives says so and links to its place', async ({ page, records }) => {
  const id = uniqueSuffix();
  const product = `MUG-${id}`;
  await records.product(product);
  const rma = `RMA-X-${id}`;
  await records.receive({
    primaryReference: rma,
    subtype: 'RET',
    receiveLines: [{ productCode: product, quantity: 1 }],
  });
  await page.goto(`/receives/${rma}`);
  await page.getByRole('link', { name: 'Open it among the returns' }).click();
  await expect(page).toHaveURL(new RegExp(`/returns/${rma}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Return ${rma}` })).toBeVisible();
});
