import type { Page } from '@playwright/test';
import { localDay } from '#domain/local-day';
import { addDays } from '#domain/typed-day';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from '../support/budgets';
import { expect, test } from '../support/fixtures';
import { formField } from '../support/locators';
import { fillNewOrder } from '../support/order-form';
import { plainDemoProductCode, uniqueSuffix } from '../support/records';
import { sweep } from '../support/sweeps';

// The order pages and lists, each in the state a behaviour journey reaches (orders.spec.ts,
// order-page.spec.ts, box-search.spec.ts, live-updates.spec.ts, activity.spec.ts, freshness.spec.ts).

const { orders, receives } = demoReferences;

async function orderPage(page: Page, reference: string) {
  await page.goto(`/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Milestones of / }).first()).toBeVisible();
}

async function findOrder(page: Page, typed: string) {
  await page.goto('/orders');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(typed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function customerMessage(page: Page, reference: string) {
  await orderPage(page, reference);
  await page.getByRole('button', { name: 'Copy for the customer' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Message for the customer' }).getByRole('textbox', { name: 'Message' }),
  ).toHaveValue(/^Hello /);
}

sweep({
  'orders-shipped-short': ({ page }) => orderPage(page, orders.shippedShort),
  'orders-multi-package': async ({ page }) => {
    await orderPage(page, orders.multiPackage);
    await expect(page.getByRole('table', { name: 'Packages of shipment' })).toBeVisible();
  },
  'orders-shipped-and-canceled': ({ page }) => orderPage(page, orders.shippedAndCanceled),
  'orders-multi-shipment': async ({ page }) => {
    await orderPage(page, orders.multiShipmentOpen);
    await expect(page.getByRole('region', { name: 'Shipment 2 of 2', exact: true })).toBeVisible();
  },
  'order-not-found': async ({ page }) => {
    await page.goto('/orders/NO-SUCH-ORDER');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  },
  'orders-no-match': async ({ page }) => {
    await findOrder(page, 'NO-SUCH-ORDER');
    await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveAccessibleDescription(
      /No order matches/,
    );
  },
  'orders-box-matches': async ({ page }) => {
    await findOrder(page, 'so 10001');
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(10);
  },
  'orders-box-close-match': async ({ page }) => {
    await findOrder(page, 'owen murphey');
    await expect(page.getByText('No orders match “owen murphey”. Close matches:')).toBeVisible();
  },
  'orders-canceled': async ({ page }) => {
    await page.goto('/orders?state=canceled');
    await expect(
      page.getByRole('table', { name: 'Orders, page 1' }).locator('tbody tr').first(),
    ).toBeVisible();
  },
  'orders-list': async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('table', { name: 'Orders, page 1' })).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByRole('table', { name: 'Orders, page 2' })).toBeVisible();
  },
  'orders-typed-dates': async ({ page }) => {
    const today = localDay(new Date());
    await page.goto(`/orders?shipByFrom=${addDays(today, -7)}&shipByTo=${addDays(today, 7)}`);
    await expect(
      page.getByRole('group', { name: 'Ship by' }).getByRole('textbox', { name: 'From' }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Orders, page 1' }).locator('tbody tr').first(),
    ).toBeVisible();
  },
  'orders-new': async ({ page }) => {
    await fillNewOrder(page, `E2E-${uniqueSuffix()}`);
  },
  'orders-new-errors': async ({ page }) => {
    await page.goto('/orders/new');
    const form = page.getByRole('form', { name: 'New order' });
    await formField(form, 'Line 1 product').fill('');
    await form.getByRole('button', { name: 'Create order' }).click();
    await expect(formField(form, 'Line 1 product')).toHaveAccessibleDescription(/Choose a product/);
  },
  'orders-correct': async ({ page, records }) => {
    const reference = `E2E-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    await page.goto(`/orders/${reference}/edit`);
    const correction = page.getByRole('form', { name: 'Correct order' });
    await formField(correction, 'Address line 1').fill('14 Harbor Road');
  },
  'orders-entered': async ({ page, records }) => {
    const reference = `E2E-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    await orderPage(page, reference);
    await expect(page.getByRole('link', { name: 'Correct order' })).toBeVisible();
  },
  'orders-warehouse-menu': async ({ page, records }) => {
    const reference = `E2E-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    await orderPage(page, reference);
    await page.getByRole('button', { name: 'Warehouse (sandbox)' }).click();
    await expect(page.getByRole('menu', { name: 'Warehouse (sandbox)' })).toBeVisible();
  },
  'orders-correct-refused': async ({ page }) => {
    await page.goto(`/orders/${orders.shipped}/edit`);
    await expect(page.getByText(/so it can no longer be changed/)).toBeVisible();
  },
  'live-order-updated': async ({ page, request, records }) => {
    const reference = `E2E-LIVE-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    await orderPage(page, reference);
    await expect(page.getByRole('button', { name: 'Warehouse (sandbox)' })).toBeVisible();
    expect((await request.post(`/api/sandbox/v1/orders/${reference}/pick`)).status()).toBe(200);
    expect((await request.post(`/api/sandbox/v1/orders/${reference}/ship`)).status()).toBe(200);
    // How soon is live-updates.spec.ts's to check; here only that the page shows it.
    await expect(page.getByText('Updated just now')).toBeVisible({ timeout: budgets.webhookDelivery });
  },
  'order-activity': async ({ page, request, records }) => {
    const reference = `E2E-ACTIVITY-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    for (const action of ['hold', 'release', 'pick', 'ship'])
      expect((await request.post(`/api/sandbox/v1/orders/${reference}/${action}`)).status()).toBe(200);
    await orderPage(page, reference);
    const changes = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect(changes.first()).toContainText('Shipped');
    await page.getByRole('heading', { level: 2, name: 'Activity' }).scrollIntoViewIfNeeded();
  },
  'freshness-order': async ({ page, records }) => {
    const reference = `SO-FRESH-${uniqueSuffix()}`;
    await records.order(reference, { productCode: plainDemoProductCode });
    await orderPage(page, reference);
    await page.getByRole('button', { name: 'Refresh from the warehouse' }).click();
    await expect(page.getByTestId('freshness')).toContainText('from lookup');
  },
});

test.describe('record pages at 1280 × 800, and at a phone’s width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  sweep({
    'order-page-held': {
      phone: 'light scheme',
      reach: async ({ page, request, records }) => {
        // Longer than a phone is wide: it may break there, but never scroll the page sideways.
        const reference = `E2E-HOLD-A-REFERENCE-LONGER-THAN-A-PHONE-SCREEN-${uniqueSuffix()}`;
        await records.order(reference, { quantity: 3, productCode: plainDemoProductCode });
        const held = await request.post(`/api/sandbox/v1/orders/${reference}/hold`, {
          data: { reason: 'Payment under review' },
        });
        expect(held.ok(), await held.text()).toBe(true);
        await orderPage(page, reference);
        await expect(page.getByRole('alert').filter({ hasText: 'On hold' })).toContainText(
          'Payment under review',
        );
      },
    },
    'order-page-split': { phone: 'light scheme', reach: ({ page }) => orderPage(page, orders.multiShipment) },
    'order-page-split-canceled': {
      phone: 'light scheme',
      reach: ({ page }) => orderPage(page, orders.shippedAndCanceled),
    },
    'order-page-returns': {
      phone: 'light scheme',
      reach: async ({ page }) => {
        await orderPage(page, orders.returnedTwice);
        await expect(page.getByRole('region', { name: 'Returns (2)' })).toBeVisible();
      },
    },
    'receive-page-partial': async ({ page }) => {
      await page.goto(`/receives/${receives.partial}`);
      await expect(page.getByTestId('outstanding')).toBeVisible();
    },
    'receive-page-complete': {
      phone: 'light scheme',
      reach: async ({ page }) => {
        await page.goto(`/receives/${receives.complete}`);
        await expect(page.getByTestId('outstanding')).toHaveText(
          'Outstanding: nothing, the warehouse finalized it.',
        );
      },
    },
    'order-customer-message-two-carriers': ({ page }) => customerMessage(page, orders.twoCarriersAndCanceled),
    'order-customer-message': ({ page }) => customerMessage(page, orders.shipped),
  });
});
