import type { APIRequestContext, Page } from '@playwright/test';
import { type Order, orderSchema } from '#contract/order';
import { type Receive, receiveSchema } from '#contract/receive';
import { originalOrderOf } from '#contract/return-references';
import { computeReceiveCompleteness } from '#domain/receive-completeness';
import { deriveOrderState, holdReason } from '#domain/record-states';
import { unitsToRefund } from '#domain/return-allowance';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';

// Away from UTC, so the reader's day and the index's UTC days differ.
test.use({ timezoneId: 'America/New_York' });

/** Every order or receive the sandbox holds, read through the console's API page by page. */
async function everyRecord<T>(
  request: APIRequestContext,
  path: 'orders' | 'receives',
  read: (item: unknown) => T,
) {
  const found: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const response = await request.get(`/api/warehouse/v1/${path}`, {
      params: { limit: 200, ...(cursor ? { cursor } : {}) },
    });
    expect(response.ok()).toBe(true);
    const { data } = await response.json();
    found.push(...(data[path] as unknown[]).map(read));
    cursor = data.nextCursor ?? undefined;
    if (!cursor) return found;
  }
  throw new Error(`More ${path} than a test should read`);
}

const millis = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);
const latest = (values: (string | null | undefined)[]) =>
  Math.max(...values.map(millis).filter((ms) => !Number.isNaN(ms)));
const finishedShipping = (order: Order) =>
  latest(
    order.shipments
      .filter((shipment) => shipment.status === 'FIN')
      .map((shipment) => shipment.actualShipDate),
  );
const finalized = (receive: Receive) =>
  latest(
    receive.shipments
      .filter((shipment) => shipment.status === 'FIN')
      .flatMap((shipment) => shipment.milestones.filter((milestone) => milestone.code === 'FIN'))
      .map((milestone) => milestone.actualDate),
  );

/** The references each queue should hold, worked out from the records the sandbox answers with. */
async function expectedQueues(
  request: APIRequestContext,
  day: { today: string; weekFromMs: number; weekToMs: number },
) {
  // A ship-by date or ETA is a day (midnight UTC): past once the reader's today is a later day.
  const pastDueBeforeMs = Date.parse(`${day.today}T00:00:00Z`);
  const orders = (await everyRecord(request, 'orders', (item) => orderSchema.parse(item))).map((order) => ({
    order,
    state: deriveOrderState(order).state,
    dueMs: millis(order.requiredShipDate),
  }));
  const receives = (await everyRecord(request, 'receives', (item) => receiveSchema.parse(item))).map(
    (receive) => ({
      receive,
      completeness: computeReceiveCompleteness(receive),
      isReturn: receive.subtype === 'RET',
    }),
  );
  // A return's units that no earlier return of its order received (the server's unitsToRefund).
  const originalOf = (receive: Receive) => originalOrderOf(receive)?.toLowerCase();
  const unitsLeftToRefund = (receive: Receive) => {
    const original = originalOf(receive);
    if (original === undefined) return unitsToRefund(null, receive, [receive]);
    const order = orders.find((o) => o.order.primaryReference.toLowerCase() === original)?.order ?? null;
    const siblings = receives.filter((r) => r.isReturn && originalOf(r.receive) === original);
    return unitsToRefund(
      order,
      receive,
      siblings.map((r) => r.receive),
    );
  };
  const open = ['entered', 'picking', 'held', 'partly_shipped'];
  const inWeek = (ms: number) => ms >= day.weekFromMs && ms <= day.weekToMs;
  const todayFromMs = Date.parse(`${day.today}T00:00:00Z`);
  const referencesOf = (records: { order?: Order; receive?: Receive }[]) =>
    records.map((record) => (record.order ?? record.receive)?.primaryReference as string).sort();
  return {
    orders,
    queues: {
      'Late orders': referencesOf(orders.filter((o) => open.includes(o.state) && o.dueMs < pastDueBeforeMs)),
      'Due today': referencesOf(
        orders.filter(
          (o) => open.includes(o.state) && o.dueMs >= todayFromMs && o.dueMs < todayFromMs + 86_400_000,
        ),
      ),
      'On hold': referencesOf(orders.filter((o) => o.state === 'held')),
      'Shipped short': referencesOf(
        orders.filter((o) => o.state === 'shipped_short' && inWeek(finishedShipping(o.order))),
      ),
      'Overdue receives': referencesOf(
        receives.filter(
          (r) =>
            !r.isReturn && r.completeness.state === 'awaiting' && millis(r.receive.eta) < pastDueBeforeMs,
        ),
      ),
      'Received short or over': referencesOf(
        receives.filter(
          (r) =>
            !r.isReturn &&
            r.receive.status === 'FIN' &&
            r.completeness.lines.some((line) => line.state === 'short' || line.state === 'over') &&
            inWeek(finalized(r.receive)),
        ),
      ),
      'Returns awaiting': referencesOf(
        receives.filter((r) => r.isReturn && r.completeness.state === 'awaiting'),
      ),
      'Returns received': referencesOf(
        receives.filter(
          (r) =>
            r.isReturn &&
            r.receive.status === 'FIN' &&
            r.completeness.state === 'complete' &&
            inWeek(finalized(r.receive)) &&
            unitsLeftToRefund(r.receive) > 0,
        ),
      ),
    } as Record<string, string[]>,
  };
}

/** The reader's day as the browser knows it: its calendar day and the instants of "the last 7 days". */
function readerDayOf(page: Page) {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return {
      today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      weekFromMs: new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6).getTime(),
      weekToMs: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - 1,
    };
  });
}

const queue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('the start page counts each work queue as the records are, and each list opens exactly those', async ({
  page,
  request,
}) => {
  test.setTimeout(budgets.queuesAgainstTheirLists);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
  const { queues, orders } = await expectedQueues(request, await readerDayOf(page));
  // Not a page of empty queues: the demo warehouse has work in most of them.
  expect(Object.values(queues).filter((references) => references.length > 0).length).toBeGreaterThanOrEqual(
    5,
  );

  for (const [title, references] of Object.entries(queues)) {
    const card = queue(page, title);
    await expect(card.getByTestId('queue-count'), title).toHaveText(
      references.length.toLocaleString('en-US'),
    );
    if (references.length === 0) await expect(card.getByText(/^Clear\./)).toBeVisible();
  }

  // A held order shows the reason the operator gave (the demo's holds all give one).
  if (queues['On hold']?.length) {
    const firstHeld = queue(page, 'On hold').getByRole('listitem').first();
    const reference = await firstHeld.getByRole('link').textContent();
    const order = orders.find((o) => o.order.primaryReference === reference)?.order;
    const reason = order ? holdReason(order) : null;
    expect(reason).toBeTruthy();
    await expect(firstHeld).toContainText(`On hold: ${reason}`);
  }

  // The trends come after the queues, as pictures with their words.
  await expect(
    page.getByRole('img', { name: /orders shipped in the last 14 days|No order shipped/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /receives finalized in the last 8 weeks|No receive was finalized/ }),
  ).toBeVisible();

  for (const [title, references] of Object.entries(queues)) {
    if (references.length === 0) continue;
    await page.goto('/');
    await queue(page, title)
      .getByRole('link', { name: `See all ${references.length.toLocaleString('en-US')}` })
      .click();
    const table = page.getByRole('table', { name: /, page 1$/ });
    await expect(table, title).toBeVisible();
    const pageSize = 25;
    await expect(
      page.getByText(
        `1–${Math.min(pageSize, references.length)} of ${references.length.toLocaleString('en-US')}`,
      ),
      title,
    ).toBeVisible();
    const listed = (await table.locator('tbody tr > :first-child a').allTextContents()).sort();
    if (references.length <= pageSize) expect(listed, title).toEqual(references);
    else expect(references, title).toEqual(expect.arrayContaining(listed));
  }
});

test('the start page on a phone fits its width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(queue(page, 'Late orders').getByTestId('queue-count')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a queue that cannot be loaded says so and loads again on retry', async ({ page }) => {
  let refuse = true;
  await page.route('**/api/index/queues?**', (route) =>
    refuse
      ? route.fulfill({
          status: 503,
          json: { data: null, errors: [{ status: '503', code: 'unavailable', title: 'Try again' }] },
        })
      : route.fallback(),
  );
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'The work queues could not be loaded' });
  await expect(alert).toBeVisible();
  refuse = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(queue(page, 'Late orders').getByTestId('queue-count')).toBeVisible();
});

test('a hold at the warehouse reaches the open start page without a reload', async ({
  page,
  request,
  records,
}) => {
  const reference = `E2E-QUEUE-${uniqueSuffix()}`;
  await records.order(reference);
  await page.goto('/');
  const onHold = queue(page, 'On hold');
  const count = onHold.getByTestId('queue-count');
  await expect(count).toHaveText(/\d/);
  const before = Number((await count.textContent())?.replaceAll(',', ''));
  const held = await request.post(`/api/sandbox/v1/orders/${reference}/hold`, {
    data: { reason: 'Fraud check' },
  });
  expect(held.status()).toBe(200);
  await expect(count).toHaveText((before + 1).toLocaleString('en-US'));
});
