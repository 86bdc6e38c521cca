import { describe, expect, it } from 'vitest';
import { conflict, operatorSandboxPerTest } from '../testing/operator-sandbox';
import { orderBody } from '../testing/request-bodies';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const operator = operatorSandboxPerTest();
const { post, createOrder, createReceive, orderAction } = operator;

describe('illegal moves answer 409 with the reason and change nothing', () => {
  it('refuses to ship a canceled shipment', async () => {
    const order = await createOrder();
    await orderAction(order, 'cancel');
    const before = databaseDigest(operator.sandbox.store);
    conflict(await orderAction(order, 'ship'), /Cannot ship a shipment that is canceled \(CAN\)/);
    expect(databaseDigest(operator.sandbox.store)).toBe(before);
  });

  it('refuses to ship before picking, pick twice, release what is not held, or hold a shipped one', async () => {
    const order = await createOrder();
    conflict(await orderAction(order, 'ship'), /start picking first/);
    conflict(await orderAction(order, 'release'), /only a shipment on hold can be released/);
    await orderAction(order, 'pick');
    conflict(await orderAction(order, 'pick'), /picking \(PIC\)/);
    await orderAction(order, 'ship');
    conflict(await orderAction(order, 'hold'), /shipped is final/);
    conflict(await orderAction(order, 'cancel'), /shipped is final/);
    conflict(
      await post(`/sandbox/v1/orders/${order.id}/split`),
      /only an entered \(ENT\) or on hold \(HEL\)/,
    );
  });

  it('refuses the order update once a shipment is PIC, and allows it while HEL', async () => {
    const order = await createOrder();
    await orderAction(order, 'hold');
    const update = orderBody('SO-1', 'TEE', { note: 'leave at the door' });
    expectSuccess(await operator.sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, { body: update }));
    await orderAction(order, 'release');
    await orderAction(order, 'pick');
    const before = databaseDigest(operator.sandbox.store);
    conflict(
      await operator.sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, {
        body: {
          ...update,
          note: 'too late',
          orderLines: [...update.orderLines, { productCode: 'CAM', quantity: 1 }],
        },
      }),
      /is PIC: an order can change only while every shipment is ENT or HEL/,
    );
    expect(databaseDigest(operator.sandbox.store)).toBe(before);
  });

  it('refuses to receive into a finalized receive shipment', async () => {
    const receive = await createReceive();
    expectSuccess(await post(`/sandbox/v1/receives/${receive.id}/finalize`));
    const before = databaseDigest(operator.sandbox.store);
    conflict(
      await post(`/sandbox/v1/receives/${receive.id}/shipments/${receive.shipments[0].id}/receive`),
      /Cannot receive into a receive shipment that is finalized \(FIN\)/,
    );
    conflict(await post(`/sandbox/v1/receives/${receive.id}/cancel`), /finalized is final/);
    expect(databaseDigest(operator.sandbox.store)).toBe(before);
  });
});

describe('bad action input answers 400 or 404 and changes nothing', () => {
  it('names each wrong member of a ship body', async () => {
    const order = await createOrder();
    await orderAction(order, 'pick');
    const before = databaseDigest(operator.sandbox.store);
    expectErrors(
      await orderAction(order, 'ship', {
        shipmentLines: [
          { lineNumber: '7', quantity: 1 },
          { lineNumber: '1', quantity: -1 },
        ],
        totalCost: 'lots',
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/shipmentLines/1/quantity' },
        { code: 'validation_failed', pointer: '/totalCost' },
      ],
    );
    expectErrors(
      await orderAction(order, 'ship', { shipmentLines: [{ lineNumber: '7', quantity: 1 }] }),
      400,
      [{ code: 'validation_failed', pointer: '/shipmentLines/0/lineNumber' }],
    );
    expect(databaseDigest(operator.sandbox.store)).toBe(before);
  });

  it('answers 404 for an unknown order, receive or shipment', async () => {
    const order = await createOrder();
    const notFound = [{ code: 'not_found', pointer: '/' }];
    expectErrors(await post('/sandbox/v1/orders/nope/pick'), 404, notFound);
    expectErrors(await post('/sandbox/v1/receives/nope/receive'), 404, notFound);
    expectErrors(await post(`/sandbox/v1/orders/${order.id}/shipments/nope/pick`), 404, notFound);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const order = await createOrder();
    const answer = await operator.sandbox.app.request(`/sandbox/v1/orders/${order.id}/hold`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-key', 'content-type': 'text/plain' },
      body: 'hold it',
    });
    expect(answer.status).toBe(415);
  });
});
