import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';

test('a repeat customer’s page, one click from their order, lists every order they placed', async ({
  page,
}) => {
  test.setTimeout(budgets.formJourney);
  const reference = demoReferences.orders.returnedTwice;
  await page.goto(`/orders/${reference}`);
  await page.getByRole('link', { name: 'Every order and return of this customer' }).click();
  await expect(page).toHaveURL(/\/customers\?key=/);
  await expect(page.getByText('Customer', { exact: true })).toBeVisible();
  const placed = Number(await page.getByTestId('orders-placed').textContent());
  expect(placed).toBeGreaterThanOrEqual(2);
  const table = page.getByRole('table', { name: /Orders and returns/ });
  const orders = table.getByRole('row').filter({ hasText: /^(?!.*Return of).*\bSO-\d+/ });
  await expect(orders).toHaveCount(Math.min(placed, 50));
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();
  // What it held, by the products' names with their codes.
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('link', { name: reference, exact: true }) }),
  ).toContainText(/\d+ × .+ \([A-Z0-9-]+\)/);
  // Its two returns are there too, each naming the order.
  expect(Number(await page.getByTestId('returns-sent').textContent())).toBeGreaterThanOrEqual(2);
  await expect(table.getByRole('row').filter({ hasText: `Return of ${reference}` })).toHaveCount(2);
});

test('a supplier whose receive came short shows how often, one click from the receive', async ({ page }) => {
  test.setTimeout(budgets.formJourney);
  const reference = demoReferences.receives.short;
  await page.goto(`/receives/${reference}`);
  await page.getByRole('link', { name: 'Every receive of this supplier' }).click();
  await expect(page).toHaveURL(/\/suppliers\//);
  const rate = (await page.getByTestId('supplier-short-rate').textContent()) ?? '';
  const [, percent, units] = rate.match(/^([\d.]+)% \(([\d,.]+) units\)$/) ?? [];
  expect(Number(percent)).toBeGreaterThan(0);
  expect(Number(units?.replaceAll(',', ''))).toBeGreaterThan(0);
  await expect(
    page.getByRole('table', { name: /Receives/ }).getByRole('link', { name: reference, exact: true }),
  ).toBeVisible();
});

test('an unknown customer or supplier is a page that says so, not an error', async ({ page }) => {
  await page.goto('/customers?key=nobody%40example.invalid');
  await expect(page.getByText(/holds no records of/)).toBeVisible();
  await page.goto('/suppliers/nosuchsupplier');
  await expect(page.getByText(/holds no records of/)).toBeVisible();
});

test('a search by a customer’s email leads to their page', async ({ page }) => {
  test.setTimeout(budgets.formJourney);
  await page.goto('/search?q=jordan.ellis%40example.com');
  await page.getByRole('link', { name: /The customer jordan\.ellis@example\.com/ }).click();
  await expect(page).toHaveURL(/\/customers\?key=jordan\.ellis(%40|@)example\.com/);
  await expect(
    page.getByRole('table', { name: /Orders and returns/ }).getByRole('link', { name: 'SO-100125' }),
  ).toBeVisible();
});
