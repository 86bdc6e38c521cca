import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';
import { untilIndexed, updatedFromNow } from './support/index-lists';
import { chooseWarehouse, warehouseField } from './support/locators';
import { uniqueSuffix } from './support/records';
import { fillReturn, orderLinesOf } from './support/return-form';

test('a return of a shipped demo order shows its lines and reason, and becomes ready to refund once received', async ({
  page,
  request,
  records,
}) => {
  test.setTimeout(budgets.returnLifeCycle);
  const startedAt = updatedFromNow();
  const order = demoReferences.orders.shipped;
  const products = (await orderLinesOf(request, order)).map((line) => line.productCode);
  const [returned = ''] = products;
  const rma = `RMA-E2E-${uniqueSuffix()}`;

  await page.goto('/returns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New return' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Original order/ }).fill('SO-NOBODY');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(
    page.getByText(
      'No order matches “SO-NOBODY”: try its reference, web order number or the customer’s email',
    ),
  ).toBeVisible();

  await page.getByRole('textbox', { name: /^Original order/ }).fill(order);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByTestId('return-line')).toHaveCount(products.length);
  await page.getByRole('textbox', { name: /^RMA reference/ }).fill(rma);
  await page.getByRole('textbox', { name: `${returned} quantity back` }).fill('1');
  await page.getByRole('combobox', { name: `${returned} reason` }).fill('Dam');
  await page.getByRole('option', { name: 'Damaged' }).click();
  await page.getByRole('button', { name: 'Create return' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Return ${rma}` })).toBeVisible();
  await expect(page.getByRole('link', { name: order, exact: true })).toHaveAttribute(
    'href',
    `/orders/${order}`,
  );
  await expect(page.getByTestId('return-line')).toHaveCount(products.length);
  const line = page.getByTestId('return-line').filter({ hasText: returned });
  await expect(line.getByRole('cell').nth(1)).toHaveText(/^1\b/);
  await expect(line.getByRole('cell').nth(3)).toHaveText('Damaged');
  await expect(page.getByText('Awaiting', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ready-to-refund')).toHaveCount(0);

  await records.receiveGoods(rma);
  await records.finalizeReceive(rma);
  await untilIndexed(request, 'receives', { kind: 'return', state: 'complete', updatedFrom: startedAt }, 1);
  await page.reload();
  await expect(page.getByTestId('ready-to-refund')).toContainText('Ready to refund');
  await expect(line.getByRole('cell').nth(2)).toHaveText(/^1\b/);

  await page.getByRole('link', { name: 'All returns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: rma }) });
  await expect(row.getByRole('link', { name: order })).toBeVisible();
  await expect(row).toContainText('Damaged');
  await expect(row).toContainText('Complete');
  await page.getByLabel('State').selectOption('complete');
  await expect(page).toHaveURL(/state=complete/);
  await expect(row).toBeVisible();
  await page.getByLabel('State').selectOption('awaiting');
  await expect(page.getByRole('link', { name: rma })).toHaveCount(0);
  await page.getByLabel('State').selectOption('');

  await page.getByLabel('Search returns', { exact: true }).fill(demoReferences.receives.complete);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('It is a receive: look among the receives.')).toBeVisible();

  await page.goto('/receives');
  await expect(page.getByRole('heading', { level: 1, name: 'Receives' })).toBeVisible();
  await expect(page.getByRole('link', { name: rma })).toHaveCount(0);
});

test('the return form refuses more back than shipped less what other returns announce, with the numbers', async ({
  page,
}) => {
  // SO-100052 shipped 2 × TAB-12-256; its two demo returns announce both back.
  const order = demoReferences.orders.returnedTwice;
  await fillReturn(page, order, 'TAB-12-256', '1');
  await expect(page.getByTestId('return-line').filter({ hasText: 'TAB-12-256' })).toContainText(
    `2 already coming back with ${demoReferences.returns.received}, ${demoReferences.returns.partial}`,
  );
  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(
    page.getByText(
      `${order} shipped 2 × TAB-12-256; returns ${demoReferences.returns.received} and ${demoReferences.returns.partial} already announce 2 back; at most 0 more`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/returns\/new$/);
  await expect(page.getByRole('textbox', { name: 'TAB-12-256 quantity back' })).toHaveValue('1');
});

test('the return form asks before a second return of the same units, and creates it once confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(budgets.formJourney);
  // A shipped demo order no demo return names, with a line of more than one unit.
  const order = demoReferences.orders.multiPackage;
  const product = (await orderLinesOf(request, order)).find((line) => line.quantity >= 2)?.productCode ?? '';

  await fillReturn(page, order, product, '1');
  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Return RMA-E2E-/ })).toBeVisible();
  const first = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Return ', '') ?? '';

  await fillReturn(page, order, product, '1');
  await page.getByRole('button', { name: 'Create return' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Are these units coming back a second time?' });
  await expect(warning).toContainText(`${first} already announces 1 of the 2 × ${product} shipped.`);
  await expect(page).toHaveURL(/\/returns\/new$/);
  await page.getByRole('button', { name: 'Create the return anyway' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Return RMA-E2E-/ })).not.toHaveText(
    `Return ${first}`,
  );

  await page.goto(`/orders/${order}`);
  await expect(page.getByRole('region', { name: 'Returns (2)' })).toContainText(
    `2 of 2 × ${product} shipped`,
  );
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
  await expect(page.getByText('Not named', { exact: true })).toBeVisible();
});

test('support copies a plain message about a return: how many of the items came back so far', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/returns/${demoReferences.returns.partial}`);
  await page.getByRole('button', { name: 'Copy for the customer' }).click();
  const preview = page.getByRole('dialog', { name: 'Message for the customer' });
  const message = preview.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue(
    new RegExp(
      `^Hello .*,\\n\\nAbout your return ${demoReferences.returns.partial} for order .+:\\nWe received \\d+ of \\d+ items on .+\\. We will write when the rest arrives\\.$`,
    ),
  );
  await expect(message).not.toHaveValue(/\b(PRS|FIN|RET)\b/);
  await preview.getByRole('button', { name: 'Copy message' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await message.inputValue());
});

test('the return form takes the warehouse of the order chosen last, suggests the next RMA number, and names a taken one', async ({
  page,
  request,
}) => {
  test.setTimeout(budgets.formJourney);
  // Two shipped demo orders from two warehouses, the second with no return yet; nothing is created, so the
  // demo stays as it was.
  const first = demoReferences.orders.shipped;
  const listed = await request.get('/api/index/orders', { params: { state: 'shipped', limit: '200' } });
  const shipped = (await listed.json()).data.rows as { reference: string; warehouse: string }[];
  const firstWarehouse = shipped.find((row) => row.reference === first)?.warehouse ?? '';
  expect(firstWarehouse).not.toBe('');
  let second: { reference: string; warehouse: string } | undefined;
  for (const row of shipped.filter((candidate) => candidate.warehouse !== firstWarehouse)) {
    const returns = await request.get(`/api/index/orders/${row.reference}/returns`);
    if ((await returns.json()).data.returns.length === 0) {
      second = row;
      break;
    }
  }
  const { reference: secondOrder, warehouse: secondWarehouse } = second ?? { reference: '', warehouse: '' };
  expect(secondOrder).not.toBe('');
  // The highest RMA number among the returns, read as the Returns list reads them.
  const answer = await request.get('/api/index/receives', { params: { kind: 'return', limit: '200' } });
  const rmaNumbers = ((await answer.json()).data.rows as { reference: string }[]).flatMap((row) =>
    /^RMA-\d+$/.test(row.reference) ? [Number(row.reference.slice(4))] : [],
  );

  await page.goto('/returns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New return' })).toBeVisible();
  const rmaField = page.getByRole('textbox', { name: /^RMA reference/ });
  await expect(rmaField).toHaveValue(`RMA-${Math.max(...rmaNumbers) + 1}`);
  const orderField = page.getByRole('textbox', { name: /^Original order/ });
  await orderField.fill(first);
  // Leaving the field looks the order up.
  await orderField.press('Tab');
  await expect(warehouseField(page)).toHaveValue(firstWarehouse);
  await orderField.fill(secondOrder);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(warehouseField(page)).toHaveValue(secondWarehouse);
  await expect(page.getByText(`${secondOrder} shipped from ${secondWarehouse}`)).toBeVisible();

  // A warehouse changed by hand stays while the order does, and gives way to the next order chosen.
  const byHand = ['LAW', 'NJE', 'DFW'].find((code) => code !== secondWarehouse) ?? '';
  await chooseWarehouse(page, byHand);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText(`${secondOrder} shipped from ${secondWarehouse}`)).toBeVisible();
  await expect(warehouseField(page)).toHaveValue(byHand);
  await orderField.fill(first);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(warehouseField(page)).toHaveValue(firstWarehouse);
  await orderField.fill(secondOrder);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(warehouseField(page)).toHaveValue(secondWarehouse);

  // A reference another return has: said in words on the field, with a link to that return; nothing lost.
  const taken = demoReferences.returns.received;
  await rmaField.fill(taken);
  const line = page.getByTestId('return-line').first();
  const quantity = line.getByRole('textbox', { name: / quantity back$/ });
  await quantity.fill('1');
  await line.getByRole('combobox', { name: / reason$/ }).fill('Damaged');
  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(page.getByText(`A return ${taken} already exists`)).toBeVisible();
  await expect(rmaField).toHaveAttribute('aria-invalid', 'true');
  await expect(rmaField).toBeFocused();
  await expect(page.getByRole('link', { name: `open ${taken}` })).toHaveAttribute(
    'href',
    `/returns/${taken}`,
  );
  await expect(page.getByText(/primaryReference/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/returns\/new$/);
  await expect(orderField).toHaveValue(secondOrder);
  await expect(quantity).toHaveValue('1');
});
