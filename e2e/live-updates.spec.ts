import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { plainDemoProductCode as productCode, uniqueSuffix } from './support/records';

/** Opens `path` and waits until the console follows the server's live events. */
async function openFollowing(page: Page, path: string) {
  const following = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
  await page.goto(path);
  await following;
  // Set once on this document: still there at the end means the page was never loaded again.
  await page.evaluate(() => {
    (window as { loadedOnce?: boolean }).loadedOnce = true;
  });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return {
    /** Fails unless the document is the one opened: updates came without a reload or a navigation. */
    async expectSameDocument() {
      expect(navigations).toEqual([]);
      expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    },
  };
}

test('an open order page shows the shipment the warehouse made, with its tracking number, within 3 s and without a reload', async ({
  page,
  request,
  records,
}) => {
  const reference = `E2E-LIVE-${uniqueSuffix()}`;
  await records.order(reference, { quantity: 2, productCode });
  const opened = await openFollowing(page, `/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();

  // The warehouse moves the order, from outside the browser: the sandbox's operator actions.
  const movedAtMs = Date.now();
  expect((await request.post(`/api/sandbox/v1/orders/${reference}/pick`)).status()).toBe(200);
  const shipped = await request.post(`/api/sandbox/v1/orders/${reference}/ship`, {
    data: { shipmentLines: [{ lineNumber: '1', quantity: 2 }], packages: [{ packageReference: 'LIVE-BOX' }] },
  });
  expect(shipped.status()).toBe(200);
  const trackingNumber: string = (await shipped.json()).data.shipments[0].trackingDetail.trackingNumber;

  const within3s = { timeout: Math.max(0, movedAtMs + 3000 - Date.now()) };
  await expect(page.getByText(trackingNumber, { exact: true })).toBeVisible(within3s);
  await expect(page.getByText('LIVE-BOX')).toBeVisible({ timeout: 1 });
  await expect(page.getByText('Updated just now')).toBeVisible({ timeout: 1 });
  await expect(page.getByTestId('live-announcement')).toHaveText(`Order ${reference} is now Shipped`);
  // The quiet notification (Mantine's has the role alert, as the page's own notices do).
  await expect(
    page.getByRole('alert').filter({ hasText: `Order ${reference} is now Shipped` }),
  ).toBeVisible();
  await opened.expectSameDocument();
});

test('an order created from outside appears on the open Orders list within 3 s', async ({
  page,
  records,
}) => {
  const opened = await openFollowing(page, '/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const reference = `E2E-LIVE-NEW-${uniqueSuffix()}`;
  const createdAtMs = Date.now();
  await records.order(reference, { productCode });
  await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible({
    timeout: Math.max(0, createdAtMs + 3000 - Date.now()),
  });
  await opened.expectSameDocument();
});
