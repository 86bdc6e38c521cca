import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Values of the demo data (SANDBOX_SEED=demo): a webshop order shipped to Jordan Ellis, and two tablets.
const demoOrder = {
  reference: 'SO-100125',
  email: 'jordan.ellis@example.com',
  webOrderNumber: 'WEB-2837551',
};
const demoProduct = 'HDP-NC-700';

async function findOrder(page: Page, typed: string) {
  await page.goto('/orders');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(typed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('the Orders box opens an order by its web order number, however it is written', async ({ page }) => {
  for (const typed of [`#${demoOrder.webOrderNumber.toLowerCase()}`, demoOrder.webOrderNumber]) {
    await findOrder(page, typed);
    await expect(page, typed).toHaveURL(new RegExp(`/orders/${demoOrder.reference}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${demoOrder.reference}` })).toBeVisible();
  }
  // Back goes to the Orders page the search was made on.
  await page.goBack();
  await expect(page).toHaveURL(/\/orders$/);
});

test('the Orders box finds a returning customer’s orders by email, listed to choose from', async ({
  page,
}) => {
  await findOrder(page, demoOrder.email);
  const match = page
    .getByRole('list', { name: 'Matches' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: demoOrder.reference }) });
  await expect(match).toContainText(`customer's email:${demoOrder.email}`);
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveValue(demoOrder.email);
  await match.getByRole('link', { name: demoOrder.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${demoOrder.reference}` })).toBeVisible();
});

test('an Orders box search with several matches lists them with their facts, and each opens', async ({
  page,
}) => {
  await findOrder(page, 'so 10001');
  const matches = page.getByRole('list', { name: 'Matches' });
  await expect(matches.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveValue('so 10001');
  await expect(matches.getByRole('listitem').first()).toContainText('reference:');
  await matches.getByRole('link', { name: 'SO-100019' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order SO-100019' })).toBeVisible();
});

test('the Products box finds a product by its code in lower case, and lists several', async ({ page }) => {
  await page.goto('/products');
  const box = page.getByRole('textbox', { name: 'Search products' });
  await box.fill(demoProduct.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: demoProduct })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await box.fill('tab');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?code=tab$/);
  const matches = page.getByRole('list', { name: 'Matches' });
  await expect(matches.getByRole('link', { name: 'TAB-10-64' })).toBeVisible();
  await expect(matches.getByRole('link', { name: 'TAB-12-256' })).toBeVisible();
  await expect(box).toHaveValue('tab');
});

test('a name typed with a typo still finds the customer, said to be a close match', async ({ page }) => {
  await findOrder(page, 'owen murphey');
  await expect(page.getByText('No orders match “owen murphey”. Close matches:')).toBeVisible();
  const matches = page.getByRole('list', { name: 'Matches' }).getByRole('listitem');
  await expect(matches.first()).toContainText('Close match: read as “owen murphy”');
  await expect(matches.first()).toContainText("customer's name:Owen Murphy");
  // Listed to choose from, never opened on its own: the typo may have meant someone else.
  await expect(page).toHaveURL(/\/orders$/);
  await matches.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order SO-/ })).toBeVisible();
});
