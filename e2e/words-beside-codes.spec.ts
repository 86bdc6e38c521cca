import type { APIRequestContext, Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';

// Codes in words on the demo's pages (issue 25, items 4 and 9): each product's description beside its code,
// the pallet a receive line came on, and on a phone the answer of each line in view and the filters folded.

const { orders, receives } = demoReferences;

/** The product's description as the warehouse holds it, asked of the warehouse, not of the index. */
async function descriptionOf(request: APIRequestContext, productCode: string): Promise<string> {
  const answer = await request.get('/api/warehouse/v1/products', { params: { productcode: productCode } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const [product] = (await answer.json()).data.products as { productDescription: string }[];
  return product?.productDescription ?? '';
}

const orderLines = (page: Page) =>
  page.getByRole('table', { name: 'Ordered against shipped, per line' }).locator('tbody tr');

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every line of an order shows its product's description beside its code", async ({
    page,
    request,
  }) => {
    await page.goto(`/orders/${orders.multiShipment}`);
    await expect(orderLines(page).first()).toBeVisible();
    const headers = await orderLines(page).getByRole('rowheader').allInnerTexts();
    expect(headers.length).toBeGreaterThan(0);
    for (const header of headers) {
      const code = header.split(' · ')[0]?.split('\n')[0] ?? '';
      const description = await descriptionOf(request, code);
      expect(description, `the demo product ${code} has a description`).not.toBe('');
      expect(header).toContain(`${code} · ${description}`);
    }
  });

  test('what shipped, what each package holds and what a receive captured show descriptions too', async ({
    page,
    request,
  }) => {
    await page.goto(`/orders/${orders.multiShipment}`);
    const shipped = page.getByRole('table', { name: /^Lines shipped in shipment/ }).first();
    await expect(shipped.getByRole('rowheader').first()).toBeVisible();
    const products = await shipped.getByRole('rowheader').allInnerTexts();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const code = product.split(' · ')[0] ?? '';
      expect(product).toContain(`${code} · ${await descriptionOf(request, code)}`);
    }
    const packed = page
      .getByRole('table', { name: /^Packages of shipment/ })
      .first()
      .locator('tbody tr');
    await expect(packed.first()).toContainText(/\d+ × [A-Z0-9-]+ · \S/);

    await page.goto(`/receives/${receives.complete}`);
    const captured = page.getByRole('table', { name: 'Captured per unit or batch' }).locator('tbody tr');
    await expect(captured.first()).toContainText(/[A-Z0-9-]+ · \S/);
  });

  test('a receive page shows the pallet each line was announced on', async ({ page, request }) => {
    const record = await request.get(`/api/index/records/receive/${receives.partial}`);
    expect(record.ok(), await record.text()).toBe(true);
    const lines = (await record.json()).data.document.receiveLines as {
      productCode: string;
      palletId?: string;
    }[];
    const onPallet = lines.find((line) => line.palletId);
    expect(onPallet, `${receives.partial} has a line announced on a pallet`).toBeDefined();

    await page.goto(`/receives/${receives.partial}`);
    const table = page.getByRole('table', { name: /^Received quantities summed over/ });
    await expect(table.getByRole('columnheader', { name: 'Pallet' })).toBeVisible();
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: onPallet?.productCode }) });
    await expect(row.getByRole('cell', { name: onPallet?.palletId, exact: true })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("an order's lines show their result without scrolling sideways", async ({ page }) => {
    await page.goto(`/orders/${orders.shippedShort}`);
    await expect(orderLines(page).first()).toBeVisible();
    for (const row of await orderLines(page).all()) {
      const result = row.locator('[data-answer]');
      await expect(result).toBeVisible();
      await expect(result).toContainText(/Full|Short|Over|Not shipped yet|Canceled/);
      const box = await result.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, 'the result lies within the screen').toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('list filters wait behind one button that says how many are set', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('table').first()).toBeVisible();
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Warehouse')).toBeHidden();
    await filters.click();
    await expect(page.getByLabel('Warehouse')).toBeVisible();
    // A click, not check(): the filter navigates, and the box is checked once the list has followed.
    await page.getByLabel('Late only').click();
    await expect(page.getByLabel('Late only')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Filters (1 set)' })).toBeVisible();

    await page.goto('/receives?overdue=true&warehouse=LAW');
    await expect(page.getByRole('button', { name: 'Filters (2 set)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByLabel('Warehouse')).toBeHidden();
  });

  test('list cards are at most about 100 px tall', async ({ page }) => {
    for (const path of ['/orders', '/receives', '/returns']) {
      await page.goto(path);
      const rows = page.getByRole('table').first().locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      for (const row of (await rows.all()).slice(0, 5)) {
        const box = await row.boundingBox();
        // About 100 px: four lines, five where a long customer name or state wraps (was 150–190).
        expect(box?.height, `a card on ${path}`).toBeLessThanOrEqual(116);
      }
    }
  });
});
