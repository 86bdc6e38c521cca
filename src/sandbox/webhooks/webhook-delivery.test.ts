import { afterEach, describe, expect, it } from 'vitest';
import { orderBody, productBody } from '../testing/request-bodies';
import { createTestSandbox, expectSuccess, type TestSandbox } from '../testing/test-harness';
import { accepted, type Reply, startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { type DeliveryTiming, startWebhookDelivery, type WebhookDelivery } from './webhook-delivery';
import { deliveryPlanner, noWebhookFaults, parseWebhookFaults, type WebhookFaults } from './webhook-faults';

const fast: Partial<DeliveryTiming> = { firstRetryMs: 40, maxRetryMs: 200, timeoutMs: 200 };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function receiver(reply?: (index: number) => Reply | Promise<Reply>): Promise<TestReceiver> {
  const started = await startTestReceiver(reply && ((_, index) => reply(index)));
  cleanup.push(started.close);
  return started;
}

/** A sandbox whose store records every change, with one product to order. */
async function recordingSandbox(faults: WebhookFaults = noWebhookFaults, holdBackMs?: number) {
  const sandbox = createTestSandbox();
  sandbox.store.webhookOutbox.startRecording(deliveryPlanner(faults, holdBackMs));
  expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('HOOK-1') }));
  return sandbox;
}

function deliver(
  sandbox: TestSandbox,
  to: TestReceiver,
  options: { maxAttempts?: number; timing?: Partial<DeliveryTiming>; path?: string } = {},
): WebhookDelivery {
  const delivery = startWebhookDelivery({
    outbox: sandbox.store.webhookOutbox,
    destination: { url: new URL(`${to.url}${options.path ?? '/hooks'}`), headers: {} },
    maxAttempts: options.maxAttempts ?? 10,
    seed: 'test',
    timing: { ...fast, ...options.timing },
  });
  cleanup.unshift(() => delivery.stop());
  return delivery;
}

const createOrder = async (sandbox: TestSandbox, reference: string) =>
  expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference, 'HOOK-1') }));

const deliveries = (sandbox: TestSandbox) => sandbox.store.webhookOutbox.list('default', 200);

async function waitUntil(done: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const allFinished = (sandbox: TestSandbox, count: number) => () => {
  const listed = deliveries(sandbox);
  return listed.length === count && listed.every((delivery) => delivery.state !== 'pending');
};

describe('webhook delivery', () => {
  it('retries anything but an exact 200 with a JSON body, waiting longer each time', async () => {
    const replies: Reply[] = [
      { status: 201, body: '{"ok":true}', contentType: 'application/json' },
      { status: 204 },
      { status: 200, body: 'ok', contentType: 'text/plain' },
      { status: 200, body: '', contentType: 'application/json' },
      { status: 200, body: '{"ok":', contentType: 'application/json' },
      { status: 500, body: 'x'.repeat(2_000), contentType: 'text/plain' },
      'hang',
      accepted,
    ];
    const to = await receiver((index) => replies[index] ?? accepted);
    const sandbox = await recordingSandbox();
    // Time enough for an answer on a loaded machine: one past 200 ms would be an attempt more.
    deliver(sandbox, to, { timing: { timeoutMs: 1_000 } });
    await createOrder(sandbox, 'SO-RETRY');
    await waitUntil(allFinished(sandbox, 1));

    expect(to.received).toHaveLength(replies.length);
    expect(deliveries(sandbox)[0]).toMatchObject({
      state: 'delivered',
      attempts: replies.length,
      lastStatus: 200,
      lastAnswer: '{"ok":true}',
      nextAttemptAt: null,
    });
    // Equal jitter: the wait after failure n is at least half of min(200, 40 · 2^(n-1)) ms.
    const gaps = to.received
      .slice(1)
      .map((delivery, index) => delivery.atMs - (to.received[index]?.atMs ?? 0));
    gaps.forEach((gap, index) => {
      expect(gap).toBeGreaterThanOrEqual(Math.min(200, 40 * 2 ** index) / 2 - 5);
    });
  });

  it('fails a delivery after the last attempt, keeping the last answer or why there was none', async () => {
    const hanging = await receiver(() => 'hang');
    const sandbox = await recordingSandbox();
    deliver(sandbox, hanging, { maxAttempts: 2 });
    await createOrder(sandbox, 'SO-TIMEOUT');
    await waitUntil(allFinished(sandbox, 1));
    expect(deliveries(sandbox)[0]).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastStatus: null,
      lastAnswer: 'No answer within 200 ms',
      nextAttemptAt: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hanging.received).toHaveLength(2);

    const failing = await receiver(() => ({ status: 500, body: 'y'.repeat(2_000) }));
    const other = await recordingSandbox();
    deliver(other, failing, { maxAttempts: 3 });
    await createOrder(other, 'SO-500');
    await waitUntil(allFinished(other, 1));
    const [delivery] = deliveries(other);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 3, lastStatus: 500 });
    expect(delivery?.lastAnswer).toBe('y'.repeat(500));
  });

  it('counts a refused connection as a failed attempt and goes on at a new destination', async () => {
    const gone = await receiver();
    await gone.close();
    const sandbox = await recordingSandbox();
    const delivery = deliver(sandbox, gone, { timing: { firstRetryMs: 100, maxRetryMs: 100 } });
    await createOrder(sandbox, 'SO-REFUSED');
    await waitUntil(() => (deliveries(sandbox)[0]?.attempts ?? 0) >= 1);
    expect(deliveries(sandbox)[0]).toMatchObject({ state: 'pending', lastStatus: null });
    expect(deliveries(sandbox)[0]?.lastAnswer).toMatch(/^No answer: ECONNREFUSED/);

    const back = await receiver();
    delivery.deliverTo({ url: new URL(`${back.url}/hooks`), headers: {} });
    await back.waitFor(1);
    await waitUntil(allFinished(sandbox, 1));
    expect(deliveries(sandbox)[0]?.state).toBe('delivered');
  });

  it('stops at once, leaving a delivery in flight pending and unattempted, to go again after a restart', async () => {
    const hanging = await receiver(() => 'hang');
    const sandbox = await recordingSandbox();
    const delivery = deliver(sandbox, hanging, { timing: { timeoutMs: 10_000 } });
    await createOrder(sandbox, 'SO-STOP');
    await hanging.waitFor(1);
    const started = Date.now();
    await delivery.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(deliveries(sandbox)[0]).toMatchObject({ state: 'pending', attempts: 0, lastStatus: null });
  });

  it('keeps at most four deliveries in flight', async () => {
    const hanging = await receiver(() => 'hang');
    const sandbox = await recordingSandbox();
    deliver(sandbox, hanging, { timing: { timeoutMs: 10_000 } });
    for (let index = 1; index <= 6; index++) await createOrder(sandbox, `SO-BUSY-${index}`);
    await hanging.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hanging.received).toHaveLength(4);
  });
});

describe('webhook faults', () => {
  const faults = (setting: string) => parseWebhookFaults(setting);

  it('draws the same faults for the same seed and changes, and others for another seed', () => {
    const draw = (setting: string) => {
      const plan = deliveryPlanner(faults(setting));
      return Array.from({ length: 40 }, () => plan());
    };
    const mixed = 'duplicates=0.3,delay=0-100,reorder=0.3,early=0.3';
    expect(draw(`${mixed},seed=a`)).toEqual(draw(`${mixed},seed=a`));
    expect(draw(`${mixed},seed=a`)).not.toEqual(draw(`${mixed},seed=b`));
    const drawn = draw(`${mixed},seed=a`).flatMap((plan) => plan.faults);
    for (const fault of ['duplicate', 'delay', 'reorder', 'early']) expect(drawn).toContain(fault);
    // An early delivery goes at once: neither delayed nor held back.
    for (const plan of draw(`${mixed},seed=a`).filter((candidate) => candidate.faults.includes('early'))) {
      expect(plan.firstAttemptInMs).toBe(0);
    }
  });

  it('duplicates: sends the drawn share of deliveries twice', async () => {
    const to = await receiver();
    const sandbox = await recordingSandbox(faults('duplicates=0.5,seed=dup'));
    // A slow answer on a loaded machine must not count as a failure and a retry: only the fault sends twice.
    deliver(sandbox, to, { timing: { timeoutMs: 5_000 } });
    for (let index = 1; index <= 8; index++) await createOrder(sandbox, `SO-DUP-${index}`);
    await waitUntil(allFinished(sandbox, 8));
    const duplicated = deliveries(sandbox)
      .filter((delivery) => delivery.faults.includes('duplicate'))
      .map((delivery) => delivery.primaryReference);
    expect(duplicated.length).toBeGreaterThan(0);
    expect(duplicated.length).toBeLessThan(8);
    await to.waitFor(8 + duplicated.length);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let index = 1; index <= 8; index++) {
      const reference = `SO-DUP-${index}`;
      const copies = to.received.filter((delivery) => delivery.body.primaryReference === reference);
      expect(copies, reference).toHaveLength(duplicated.includes(reference) ? 2 : 1);
      expect(copies[1]?.body ?? copies[0]?.body).toEqual(copies[0]?.body);
    }
  });

  it('delay: sends each delivery no sooner than the range says', async () => {
    const to = await receiver();
    const sandbox = await recordingSandbox(faults('delay=150-250'));
    deliver(sandbox, to);
    const sentAt: Record<string, number> = {};
    for (let index = 1; index <= 3; index++) {
      sentAt[`SO-LATE-${index}`] = Date.now();
      await createOrder(sandbox, `SO-LATE-${index}`);
    }
    await to.waitFor(3);
    for (const delivery of to.received) {
      expect(delivery.atMs - (sentAt[delivery.body.primaryReference] ?? 0)).toBeGreaterThanOrEqual(150);
    }
    expect(deliveries(sandbox).every((delivery) => delivery.faults.includes('delay'))).toBe(true);
  });

  it('reorder: holds back the drawn share so that later deliveries overtake them', async () => {
    const to = await receiver();
    const sandbox = await recordingSandbox(faults('reorder=0.5,seed=order'), 300);
    deliver(sandbox, to);
    const references = Array.from({ length: 8 }, (_, index) => `SO-ORDER-${index + 1}`);
    for (const reference of references) await createOrder(sandbox, reference);
    await to.waitFor(8);
    const arrived = to.received.map((delivery) => delivery.body.primaryReference as string);
    const heldBack = deliveries(sandbox)
      .filter((delivery) => delivery.faults.includes('reorder'))
      .map((delivery) => delivery.primaryReference);
    expect(heldBack.length).toBeGreaterThan(0);
    expect(heldBack.length).toBeLessThan(8);
    for (const reference of heldBack) {
      const later = references.slice(references.indexOf(reference) + 1);
      const overtaken = later.some((other) => !heldBack.includes(other));
      if (overtaken) {
        const overtakers = later.filter((other) => arrived.indexOf(other) < arrived.indexOf(reference));
        expect(overtakers.length, reference).toBeGreaterThan(0);
      }
    }
    expect(arrived).not.toEqual(references);
  });

  it('early: the API still shows the version before the change while its delivery is being answered', async () => {
    let sandbox: TestSandbox | undefined;
    const shownDuringDelivery: unknown[] = [];
    const to = await receiver(async (index) => {
      const found = await sandbox?.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-EARLY');
      shownDuringDelivery[index] = found?.json.data.orders.map(
        (order: { note?: string }) => order.note ?? null,
      );
      return accepted;
    });
    sandbox = await recordingSandbox(faults('early=1'));
    deliver(sandbox, to);

    const created = await createOrder(sandbox, 'SO-EARLY');
    expect(created.primaryReference).toBe('SO-EARLY');
    await to.waitFor(1);
    await waitUntil(allFinished(sandbox, 1));
    const lookup = async () =>
      (await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-EARLY')).json.data.orders;
    expect(await lookup()).toHaveLength(1);

    const updated = await sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
      body: orderBody('SO-EARLY', 'HOOK-1', { note: 'second' }),
    });
    expect(expectSuccess(updated).note).toBe('second');
    await to.waitFor(2);
    await waitUntil(allFinished(sandbox, 2));
    expect((await lookup())[0].note).toBe('second');

    // The create was not visible yet while its delivery arrived, the update showed the version before it.
    expect(shownDuringDelivery).toEqual([[], [null]]);
    expect(to.received.map((delivery) => delivery.body.note ?? null)).toEqual([null, 'second']);
    expect(deliveries(sandbox).map((delivery) => delivery.faults)).toEqual([['early'], ['early']]);
  });
});
