import type { APIRequestContext, Page } from '@playwright/test';
import { localDay } from '#domain/local-day';
import { addDays } from '#domain/typed-day';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from '../support/fixtures';
import { chooseCsv, chooseWarehouse, productLineField, warehouseField } from '../support/locators';
import { type Records, uniqueSuffix } from '../support/records';
import { fillReturn } from '../support/return-form';
import { sweep } from '../support/sweeps';

// Receives and returns, each in the state a behaviour journey reaches (receives.spec.ts, returns.spec.ts,
// claim-packet.spec.ts, csv-import.spec.ts, words-beside-codes.spec.ts).

const { orders, receives, returns } = demoReferences;

async function recordPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('freshness')).toBeVisible();
}

async function receiveList(page: Page, path: string) {
  await page.goto(path);
  await expect(
    page.getByRole('table', { name: 'Receives, page 1' }).locator('tbody tr').first(),
  ).toBeVisible();
}

/** An order of two units of a new product, shipped: returns of it depend on no other journey's. */
async function shippedOrder({ request, records }: { request: APIRequestContext; records: Records }) {
  const id = uniqueSuffix();
  await records.product(`MUG-${id}`);
  await records.order(`SO-RET-${id}`, { quantity: 2, productCode: `MUG-${id}` });
  for (const action of ['pick', 'ship'])
    expect((await request.post(`/api/sandbox/v1/orders/SO-RET-${id}/${action}`)).status()).toBe(200);
  return { order: `SO-RET-${id}`, product: `MUG-${id}` };
}

async function createReturn(page: Page, { order, product }: { order: string; product: string }) {
  await fillReturn(page, order, product, '1');
  await page.getByRole('button', { name: 'Create return' }).click();
}

sweep({
  'receives-list': ({ page }) => receiveList(page, '/receives'),
  'receives-short-filter': async ({ page }) => {
    const today = localDay(new Date());
    await receiveList(
      page,
      `/receives?etaFrom=${addDays(today, -60)}&etaTo=${addDays(today, 30)}&discrepancy=short&sort=received&dir=desc`,
    );
  },
  'receives-suppliers': ({ page }) => receiveList(page, '/receives?discrepancy=any'),
  'receive-short': async ({ page, records }) => {
    const id = uniqueSuffix();
    await records.product(`BOLT-${id}`);
    await records.product(`NUT-${id}`);
    const reference = `PO-SHORT-${id}`;
    await records.receive({
      primaryReference: reference,
      secondaryReference: 'ASN 7',
      receiveLines: [
        { productCode: `BOLT-${id}`, quantity: 10 },
        { productCode: `NUT-${id}`, quantity: 20 },
      ],
    });
    await records.receiveGoods(reference, [
      { lineNumber: '1', quantity: 10 },
      { lineNumber: '2', quantity: 15 },
    ]);
    await records.finalizeReceive(reference);
    await recordPage(page, `/receives/${reference}`);
    await expect(page.getByTestId('discrepancies')).toContainText('did not arrive');
  },
  'receive-partial': async ({ page, records }) => {
    const id = uniqueSuffix();
    await records.product(`CRATE-${id}`);
    await records.product(`SHELF-${id}`);
    const reference = `PO-NEW-${id}`;
    await records.receive({
      primaryReference: reference,
      receiveLines: [
        { productCode: `CRATE-${id}`, quantity: 4 },
        { productCode: `SHELF-${id}`, quantity: 1 },
      ],
    });
    await records.receiveGoods(reference, [{ lineNumber: '1', quantity: 1 }]);
    await recordPage(page, `/receives/${reference}`);
    await expect(page.getByText('1 of 5 announced units received (20%)')).toBeVisible();
  },
  'receive-claim-window': async ({ page }) => {
    await recordPage(page, `/receives/${receives.short}`);
    await expect(page.getByTestId('claim-window')).toBeVisible();
  },
  'receive-not-found': async ({ page }) => {
    await page.goto(`/receives/PO-NONE-${uniqueSuffix()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Receive not found' })).toBeVisible();
  },
  'receive-new-errors': async ({ page }) => {
    await page.goto('/receives/new');
    await page.getByRole('button', { name: 'Create receive' }).click();
    await expect(warehouseField(page)).toHaveAccessibleDescription('Choose a warehouse');
  },
  'receive-new-product-refused': async ({ page }) => {
    await page.goto('/receives/new');
    await chooseWarehouse(page, 'LAW');
    await page.getByRole('textbox', { name: /^Reference/ }).fill(`PO-TAKEN-${uniqueSuffix()}`);
    await page.getByLabel('Line 1 quantity').fill('2');
    await productLineField(page, 1).fill('NO-SUCH-PRODUCT');
    await page.getByRole('button', { name: 'Create receive' }).click();
    await expect(productLineField(page, 1)).toHaveAccessibleDescription(
      /No product has the code NO-SUCH-PRODUCT/,
    );
  },
  'receive-lines-import': async ({ page, records }) => {
    const id = uniqueSuffix();
    await records.product(`CUP-${id}`);
    await page.goto('/receives/new');
    await page.getByRole('button', { name: 'Import lines from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import lines from a packing list' });
    await chooseCsv(page, 'packing-list.csv', ['SKU,Qty', `CUP-${id},24`, `NO-SUCH-${id},3`].join('\r\n'));
    await expect(dialog.getByText('packing-list.csv: 1 line ready, 1 row refused')).toBeVisible();
  },
  'receive-lines-imported': async ({ page, records }) => {
    const id = uniqueSuffix();
    await records.product(`CUP-${id}`);
    await records.product(`PLATE-${id}`);
    await page.goto('/receives/new');
    await page.getByRole('button', { name: 'Import lines from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import lines from a packing list' });
    await chooseCsv(page, 'packing-list.csv', ['SKU,Qty', `CUP-${id},24`, `PLATE-${id},12`].join('\r\n'));
    await dialog.getByRole('button', { name: 'Add 2 lines' }).click();
    await expect(productLineField(page, 2)).toHaveValue(`PLATE-${id}`);
  },
  'returns-list': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await page.goto('/returns');
      await expect(
        page.getByRole('table', { name: 'Returns, page 1' }).locator('tbody tr').first(),
      ).toBeVisible();
    },
  },
  'return-page': async ({ page }) => {
    await recordPage(page, `/returns/${returns.awaiting}`);
  },
  'return-refund': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await recordPage(page, `/returns/${returns.received}`);
      await expect(page.getByTestId('ready-to-refund')).toContainText('Ready to refund');
    },
  },
  'return-customer-message': async ({ page }) => {
    await recordPage(page, `/returns/${returns.partial}`);
    await page.getByRole('button', { name: 'Copy for the customer' }).click();
    await expect(page.getByRole('dialog', { name: 'Message for the customer' })).toBeVisible();
  },
  'return-new': {
    phone: 'axe in both schemes',
    reach: async ({ page, request, records }) => {
      const { order, product } = await shippedOrder({ request, records });
      await fillReturn(page, order, product, '1');
      await page.getByRole('option', { name: 'Damaged' }).click();
    },
  },
  'return-new-too-many': {
    phone: 'axe in both schemes',
    reach: async ({ page }) => {
      await fillReturn(page, orders.returnedTwice, 'TAB-12-256', '1');
      await page.getByRole('button', { name: 'Create return' }).click();
      await expect(page.getByText(/already announce 2 back; at most 0 more/)).toBeVisible();
    },
  },
  'return-new-second': async ({ page, request, records }) => {
    const shipped = await shippedOrder({ request, records });
    await createReturn(page, shipped);
    await expect(page.getByRole('heading', { level: 1, name: /^Return RMA-E2E-/ })).toBeVisible();
    await createReturn(page, shipped);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Are these units coming back a second time?' }),
    ).toBeVisible();
  },
  'return-new-taken': {
    phone: 'axe in both schemes',
    reach: async ({ page, request, records }) => {
      const { order, product } = await shippedOrder({ request, records });
      await fillReturn(page, order, product, '1');
      await page.getByRole('textbox', { name: /^RMA reference/ }).fill(returns.received);
      await page.getByRole('button', { name: 'Create return' }).click();
      await expect(page.getByText(`A return ${returns.received} already exists`)).toBeVisible();
    },
  },
});

test.describe('record pages at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  sweep({
    'receive-captured-descriptions': async ({ page }) => {
      await recordPage(page, `/receives/${receives.complete}`);
      await expect(page.getByRole('table', { name: 'Captured per unit or batch' })).toBeVisible();
    },
    'receive-pallets': async ({ page }) => {
      await recordPage(page, `/receives/${receives.partial}`);
      await expect(page.getByRole('columnheader', { name: 'Pallet' }).first()).toBeVisible();
    },
  });
});
