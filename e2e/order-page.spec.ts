import type { Locator, Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';
import { expectFitsPhoneWidth } from './support/screenshots';

// Order and receive pages answer first: state, hold, per-shipment tracking and what is still to come
// within the first screen, machine ids behind "Technical details".

const { orders, receives } = demoReferences;

test.use({ viewport: { width: 1280, height: 800 } });

const atAGlance = (page: Page) => page.getByRole('region', { name: 'Shipments', exact: true });

/** True when the element's text takes one line: "Order SO-100010" never leaves its last character behind. */
async function isOneLine(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const lineHeight = Number.parseFloat(getComputedStyle(node).lineHeight);
    return node.getBoundingClientRect().height < lineHeight * 1.5;
  });
}

test('a held demo order says On hold in its header, with the reason as a banner', async ({ page }) => {
  await page.goto(`/orders/${orders.held}`);
  const title = page.getByRole('heading', { level: 1, name: `Order ${orders.held}` });
  await expect(title).toBeVisible();
  const header = title.locator('..');
  await expect(header.getByText('On hold', { exact: true })).toBeVisible();
  await expect(header.getByText('PRS', { exact: true })).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'On hold' });
  await expect(banner).toBeVisible();
  await expect(banner).not.toContainText('no reason');
  await expect(atAGlance(page).getByText(/^On hold since /)).toBeVisible();
  await expect(atAGlance(page).getByText('No tracking yet.')).toBeVisible();
});

test('an order held through the sandbox shows the reason given', async ({ page, request, records }) => {
  // Longer than a phone is wide: it may break there, but never scroll the page sideways.
  const reference = `E2E-HOLD-A-REFERENCE-LONGER-THAN-A-PHONE-SCREEN-${uniqueSuffix()}`;
  await records.product(`HOLD-${uniqueSuffix()}`);
  await records.order(reference, { quantity: 3 });
  const held = await request.post(`/api/sandbox/v1/orders/${reference}/hold`, {
    data: { reason: 'Payment under review' },
  });
  expect(held.ok(), await held.text()).toBe(true);

  await page.goto(`/orders/${reference}`);
  await expect(page.getByRole('alert').filter({ hasText: 'On hold' })).toContainText('Payment under review');
  await expect(atAGlance(page)).toContainText('Carrier Chosen by the warehouse (rate group Standard)');
  await expect(page.getByTestId('still-owed')).toHaveText(/^Still owed: 3 × (HOLD-\w+) \(Product \1\)$/);
  await expectFitsPhoneWidth(page);
});

test('a split order shows both tracking numbers together in the first screen, ids one click away', async ({
  page,
}) => {
  await page.goto(`/orders/${orders.multiShipment}`);
  const title = page.getByRole('heading', { level: 1, name: `Order ${orders.multiShipment}` });
  await expect(title).toBeVisible();
  await expect(title.locator('..').getByText('Shipped', { exact: true })).toBeVisible();
  expect(await isOneLine(title)).toBe(true);

  const copies = atAGlance(page).getByRole('button', { name: /^Copy tracking number / });
  await expect(copies).toHaveCount(2);
  for (const copy of await copies.all()) {
    const box = await copy.boundingBox();
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(700);
  }
  for (const name of ['Shipment 1 of 2', 'Shipment 2 of 2']) {
    const shipment = atAGlance(page).getByRole('article', { name });
    await expect(shipment.getByText(/^Shipped on /)).toBeVisible();
    await expect(shipment.getByRole('link', { name: /^Track on the .+ site/ })).toHaveAttribute(
      'href',
      /^https:/,
    );
  }
  await expect(page.getByTestId('still-owed')).toHaveText(
    'Still owed: nothing, everything ordered has shipped.',
  );

  // Machine ids are not on the first screen; the disclosure shows them.
  const details = page.getByText('Technical details').last();
  await expect(page.getByText('Order id', { exact: true })).toBeHidden();
  await details.click();
  await expect(page.getByText('Order id', { exact: true })).toBeVisible();
  await details.click();

  await expectFitsPhoneWidth(page);
  expect(await isOneLine(title)).toBe(true);
});

test('a canceled shipment says Canceled, never "No tracking yet"', async ({ page }) => {
  await page.goto(`/orders/${orders.shippedAndCanceled}`);
  const canceled = atAGlance(page)
    .getByRole('article')
    .filter({ has: page.getByText('Canceled', { exact: true }) });
  await expect(canceled).toHaveCount(1);
  await expect(canceled).toContainText(/Canceled on /);
  await expect(canceled).toContainText('Canceled: nothing to track.');
  await expect(atAGlance(page).getByText('No tracking yet.')).toHaveCount(0);
});

test('an order with a shipment canceled beside a shipped one says what was canceled, never that everything shipped', async ({
  page,
}) => {
  // The two examples: SO-100011 (the second of its kind in the demo) and the reference case.
  for (const reference of ['SO-100011', orders.shippedAndCanceled]) {
    await page.goto(`/orders/${reference}`);
    const title = page.getByRole('heading', { level: 1, name: `Order ${reference}` });
    await expect(title.locator('..').getByText(/^Shipped, [\d,]+ canceled$/)).toBeVisible();
    await expect(atAGlance(page).getByRole('article')).toHaveCount(2);
    const owed = page.getByTestId('still-owed');
    await expect(owed).toHaveText(/^Still owed: nothing, .+ shipped and .+ canceled with shipment 2\.$/);
    await expect(page.getByText(/everything ordered has shipped/)).toHaveCount(0);
  }
  await expectFitsPhoneWidth(page);
});

test('an order page lists its returns with their states and what they announce back', async ({ page }) => {
  await page.goto(`/orders/${orders.returnedTwice}`);
  const returns = page.getByRole('region', { name: 'Returns (2)' });
  await expect(returns).toBeVisible();
  const row = (reference: string) =>
    returns.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
  await expect(row(demoReferences.returns.received)).toContainText('Complete');
  await expect(row(demoReferences.returns.partial)).toContainText('Partly received');
  await expect(returns.getByTestId('returned-units')).toContainText('2 of 2 × TAB-12-256 shipped');
  await expectFitsPhoneWidth(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await returns.getByRole('link', { name: demoReferences.returns.partial }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Return ${demoReferences.returns.partial}` }),
  ).toBeVisible();
});

test('a receive page says its state and what is outstanding first', async ({ page }) => {
  await page.goto(`/receives/${receives.partial}`);
  const title = page.getByRole('heading', { level: 1, name: `Receive ${receives.partial}` });
  await expect(title).toBeVisible();
  await expect(title.locator('..').getByText('Partly received', { exact: true })).toBeVisible();
  const glance = atAGlance(page);
  await expect(glance.getByRole('article').first()).toBeVisible();
  await expect(page.getByTestId('outstanding')).toHaveText(/^Outstanding: [\d,.]+ × \S+/);
  await expect(glance).not.toContainText(/missing/i);
  const box = await page.getByTestId('outstanding').boundingBox();
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(700);
  await expect(page.getByText(/^Receive id$/)).toBeHidden();

  await page.goto(`/receives/${receives.complete}`);
  await expect(page.getByRole('heading', { level: 1, name: `Receive ${receives.complete}` })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true }).first()).toBeVisible();
  await expect(
    atAGlance(page)
      .getByText(/^Received on /)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('outstanding')).toHaveText(
    'Outstanding: nothing, the warehouse finalized it.',
  );
  await expect(page.getByText(/Received so far/)).toHaveCount(0);
  await expect(page.getByText(/^Received: /).first()).toBeVisible();
  await expectFitsPhoneWidth(page);
});

test('the customer’s message for an order split over two carriers names both packages and what was canceled', async ({
  page,
  request,
}) => {
  const reference = orders.twoCarriersAndCanceled;
  const answer = await request.get('/api/warehouse/v1/orders', { params: { PrimaryReference: reference } });
  const [order] = (await answer.json()).data.orders as {
    shipments: { status: string; trackingDetail: { trackingNumber: string } | null }[];
  }[];
  const trackingNumbers = (order?.shipments ?? [])
    .filter((shipment) => shipment.status === 'FIN')
    .map((shipment) => shipment.trackingDetail?.trackingNumber ?? '');
  expect(trackingNumbers).toHaveLength(2);

  await page.goto(`/orders/${reference}`);
  await page.getByRole('button', { name: 'Copy for the customer' }).click();
  const preview = page.getByRole('dialog', { name: 'Message for the customer' });
  const message = preview.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveValue(
    /\n- Sent on .+ with USPS: .+\n {2}You can follow it here: https:\/\/tools\.usps\.com\//,
  );
  await expect(message).toHaveValue(
    /\n- Sent on .+ with FedEx: .+\n {2}You can follow it here: https:\/\/www\.fedex\.com\//,
  );
  for (const number of trackingNumbers) await expect(message).toHaveValue(new RegExp(number));
  // The products by their names, and the console's next step (the demo's: get in touch) after what was not sent.
  await expect(message).toHaveValue(
    /\n- Could not be sent and was canceled: \d+ × [A-Z][a-z][^\n]*\.\n\nPlease reply to this message and we will make it right: a replacement or a refund, as you prefer\.$/,
  );
  await expect(message).not.toHaveValue(/\b(FIN|PRS|CAN|ENT|PIC)\b/);
});

test('support copies a plain message for the customer: what was sent, with the carrier’s tracking link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/orders/${orders.shipped}`);
  await page.getByRole('button', { name: 'Copy for the customer' }).click();
  const preview = page.getByRole('dialog', { name: 'Message for the customer' });
  const message = preview.getByRole('textbox', { name: 'Message' });
  await expect(message).toBeFocused();
  await expect(message).toHaveValue(
    /^Hello .*,\n\nHere is where your order .+ stands:\n- Sent on .+ with .+: /,
  );
  await expect(message).toHaveValue(/You can follow it here: https:\/\//);
  // No warehouse codes in a customer's message.
  await expect(message).not.toHaveValue(/\b(FIN|PRS|HEL|ENT|PIC)\b/);

  // Anything changed in the preview is what gets copied.
  await message.press('Control+End');
  await message.pressSequentially('\nBest wishes, Sam');
  await preview.getByRole('button', { name: 'Copy message' }).click();
  await expect(preview.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Hello [\s\S]*stands:\n- Sent on [\s\S]*\nBest wishes, Sam$/);

  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy for the customer' })).toBeFocused();
});
