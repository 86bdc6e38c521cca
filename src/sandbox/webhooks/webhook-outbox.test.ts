import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order';
import { orderBody, productBody, receiveBody } from '../testing/request-bodies';
import { createTestSandbox, databaseDigest, expectSuccess, type TestSandbox } from '../testing/test-harness';
import { deliveryPlanner, noWebhookFaults } from './webhook-faults';
import { KEPT_FINISHED_DELIVERIES } from './webhook-outbox';

let sandbox: TestSandbox;
const rowCount = () =>
  sandbox.store.db.prepare('SELECT count(*) FROM webhook_outbox').pluck().get() as number;
/** Every pending delivery's body, oldest first. */
const pendingBodies = () =>
  sandbox.store.webhookOutbox.due(Number.MAX_SAFE_INTEGER, 100, new Set()).map((entry) => entry.body);

beforeEach(async () => {
  sandbox = createTestSandbox();
  expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('BOX-1') }));
});

const startRecording = () => sandbox.store.webhookOutbox.startRecording(deliveryPlanner(noWebhookFaults));

async function createOrder(reference: string): Promise<Order> {
  return expectSuccess(
    await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference, 'BOX-1') }),
  );
}

describe('webhook outbox', () => {
  it('records nothing until it is told to (the demo seed runs before)', async () => {
    await createOrder('SO-QUIET');
    expect(rowCount()).toBe(0);
    startRecording();
    await createOrder('SO-HEARD');
    expect(rowCount()).toBe(1);
  });

  it('enqueues exactly one delivery per create, update and operator action, carrying the document as answered', async () => {
    startRecording();
    const created = await createOrder('SO-ONE');
    const updated = expectSuccess(
      await sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
        body: orderBody('SO-ONE', 'BOX-1', { note: 'gift' }),
      }),
    );
    expect(rowCount()).toBe(2);
    const picked = expectSuccess(await sandbox.call('POST', '/sandbox/v1/orders/SO-ONE/pick'));
    expect(rowCount()).toBe(3);
    const receive = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/receives', { body: receiveBody('PO-ONE', 'BOX-1') }),
    );
    const received = expectSuccess(await sandbox.call('POST', '/sandbox/v1/receives/PO-ONE/receive'));
    expect(pendingBodies().map((body) => JSON.parse(body))).toEqual([
      created,
      updated,
      picked,
      receive,
      received,
    ]);
    expect(
      sandbox.store.webhookOutbox
        .list('default', 10)
        .map((delivery) => `${delivery.kind} ${delivery.primaryReference} ${delivery.state}`),
    ).toEqual([
      'receive PO-ONE pending',
      'receive PO-ONE pending',
      'order SO-ONE pending',
      'order SO-ONE pending',
      'order SO-ONE pending',
    ]);
  });

  it('enqueues nothing for a refused request', async () => {
    startRecording();
    const order = await createOrder('SO-NO');
    expectSuccess(await sandbox.call('POST', `/sandbox/v1/orders/${order.id}/cancel`));
    const before = databaseDigest(sandbox.store);
    const refusals = [
      await sandbox.call('PATCH', `/warehouse/v1/order/${order.id}`, { body: orderBody('SO-NO', 'BOX-1') }),
      await sandbox.call('POST', `/sandbox/v1/orders/${order.id}/pick`),
      await sandbox.call('POST', '/sandbox/v1/orders/SO-NOBODY/pick'),
      await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody('SO-NO', 'BOX-1') }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([409, 409, 404, 409]);
    expect(databaseDigest(sandbox.store)).toBe(before);
    expect(rowCount()).toBe(2);
  });

  it("enqueues in the change's own transaction: a change rolled back leaves no delivery", async () => {
    startRecording();
    const order = await createOrder('SO-ROLLBACK');
    expect(() =>
      sandbox.store.transaction(() => {
        sandbox.store.orders.put('default', { ...order, note: 'never' });
        throw new Error('the change fails after the write');
      }),
    ).toThrow('the change fails');
    expect(rowCount()).toBe(1);
    expect(sandbox.store.orders.get('default', order.id)?.note).toBeUndefined();
  });

  it(`keeps the newest ${KEPT_FINISHED_DELIVERIES} finished deliveries and every pending one`, async () => {
    startRecording();
    const order = await createOrder('SO-MANY');
    const { webhookOutbox } = sandbox.store;
    for (let index = 0; index < KEPT_FINISHED_DELIVERIES + 300; index++) {
      sandbox.store.orders.put('default', { ...order, note: String(index) });
    }
    const [first, ...others] = webhookOutbox.due(Number.MAX_SAFE_INTEGER, 10_000, new Set());
    for (const entry of others) {
      webhookOutbox.recordAttempt(entry.seq, {
        status: 200,
        answer: '{}',
        atMs: 0,
        next: { state: 'delivered' },
      });
    }
    expect(rowCount()).toBeLessThanOrEqual(KEPT_FINISHED_DELIVERIES + 100);
    expect(rowCount()).toBeGreaterThanOrEqual(KEPT_FINISHED_DELIVERIES);
    expect(webhookOutbox.due(Number.MAX_SAFE_INTEGER, 10, new Set()).map((entry) => entry.seq)).toEqual([
      first?.seq,
    ]);
  });
});
