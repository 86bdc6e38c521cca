import { allFieldsRow, useDocumentedOperator } from './support/documented-operator';
import { documented } from './support/documented-records';
import { expect, test } from './support/fixtures';

// What the stand-in operator sends beyond our own shapes, read through the console: members the contract
// does not name, a PascalCase read, an error item without our `code`. These rest on the contract reading
// answers loosely and case-insensitively.

test.beforeEach(async ({ page }) => {
  await useDocumentedOperator(page);
});

test('members the console does not know are kept and shown under "All fields"', async ({ page }) => {
  await page.goto(`/receives/${documented.receive}`);
  await expect(page.getByRole('heading', { level: 1, name: `Receive ${documented.receive}` })).toBeVisible();
  await expect(await allFieldsRow(page, `receive ${documented.receive}`, 'receiptChannel')).toContainText(
    'EDI',
  );

  await page.goto(`/products/${documented.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: documented.product })).toBeVisible();
  await expect(await allFieldsRow(page, `product ${documented.product}`, 'hazardClass')).toContainText('9');
});

test('a PascalCase read shows its shipment and tracking like any other', async ({ page }) => {
  await page.goto(`/orders/${documented.pascalCaseOrder}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${documented.pascalCaseOrder}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Milestones and packages (1)' })).toBeVisible();
  const shipment = page.getByRole('region', { name: 'Shipment', exact: true });
  await expect(shipment.getByText('Shipped (FIN)')).toBeVisible();
  // Tracking sits at the top of the page, in the shipment's card.
  const glance = page
    .getByRole('region', { name: 'Shipments', exact: true })
    .getByRole('article', { name: 'Shipment' });
  await expect(glance.getByText('1Z999AA10123456784')).toBeVisible();
});

test('a duplicate product code refused with 400 lands on the code field', async ({ page }) => {
  await page.goto('/products/new');
  await page.getByLabel('Product code (SKU)').fill(documented.takenProductCode);
  await page.getByRole('textbox', { name: /^Description/ }).fill('A second scanner');
  await page.getByRole('button', { name: 'Create product' }).click();
  const code = page.getByLabel('Product code (SKU)');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/already exists/);
  await expect(code).toHaveValue(documented.takenProductCode);
  await expect(page).toHaveURL(/\/products\/new$/);
});
