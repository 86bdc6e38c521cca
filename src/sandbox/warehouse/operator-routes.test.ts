import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  createTestSandbox,
  databaseDigest,
  expectErrors,
  expectSuccess,
  orderBody,
  orgHeaders,
  productBody,
  receiveBody,
  type TestSandbox,
} from '../testing/test-harness';
import { operatorRoutes } from './operator-routes';

let clock = new Date('2026-11-20T08:00:00Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock;
};

let sandbox: TestSandbox;
const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
  sandbox.call('POST', path, { body, headers });
/** A POST with no body and no Content-Type: every action's body is optional. */
const bare = async (path: string): Promise<Response> =>
  sandbox.app.request(path, { method: 'POST', headers: { 'x-api-key': 'sandbox-key' } });

beforeEach(async () => {
  clock = new Date('2026-11-20T08:00:00Z');
  sandbox = createTestSandbox({ now: tick });
  expectSuccess(await post('/warehouse/v1/products', productBody('TEE')));
  expectSuccess(
    await post(
      '/warehouse/v1/products',
      productBody('CAM', {
        pickMode: 'ANE',
        productAttributes: [
          { key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
        ],
        weightPerProduct: 2,
        weightPerProductUnit: 'LB',
      }),
    ),
  );
});

async function createOrder(reference = 'SO-1', extra: Record<string, unknown> = {}) {
  return expectSuccess(
    await post(
      '/warehouse/v1/orders',
      orderBody(reference, 'TEE', {
        orderLines: [
          { productCode: 'TEE', quantity: 3 },
          { productCode: 'CAM', quantity: 2 },
        ],
        transportDetail: { carrierCode: 'FEDEX', serviceLevelCode: 'GROUND' },
        ...extra,
      }),
    ),
  );
}

async function createReceive(reference = 'PO-1', extra: Record<string, unknown> = {}) {
  return expectSuccess(
    await post(
      '/warehouse/v1/receives',
      receiveBody(reference, 'TEE', {
        receiveLines: [
          { productCode: 'TEE', quantity: 10 },
          { productCode: 'CAM', quantity: 2 },
        ],
        ...extra,
      }),
    ),
  );
}

async function orderAction(
  order: { id: string; shipments: { id: string }[] },
  action: string,
  body?: unknown,
) {
  return post(`/sandbox/v1/orders/${order.id}/shipments/${order.shipments[0]?.id}/${action}`, body);
}

function conflict(answer: Answer, reason: RegExp) {
  expectErrors(answer, 409, [{ code: 'conflict', pointer: '/' }]);
  expect(answer.json.errors[0].detail).toMatch(reason);
}

describe('order shipment actions', () => {
  it('picks, holds, releases and ships, each answering the full order with dateLastUpdated moved', async () => {
    const order = await createOrder();
    let last = order.dateLastUpdated;
    const steps: [string, unknown, string][] = [
      ['pick', undefined, 'PIC'],
      ['hold', { reason: 'address check' }, 'HEL'],
      ['release', undefined, 'PIC'],
      ['ship', undefined, 'FIN'],
    ];
    for (const [action, body, status] of steps) {
      const updated = expectSuccess(await orderAction(order, action, body));
      expect(updated.shipments[0].status).toBe(status);
      expect(updated.dateLastUpdated > last).toBe(true);
      expect(updated.shipments[0].dateLastUpdated).toBe(updated.dateLastUpdated);
      last = updated.dateLastUpdated;
    }
    const stored = expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-1'))
      .orders[0];
    expect(stored.status).toBe('FIN');
    expect(stored.shipments[0].milestones.map((milestone: { code: string }) => milestone.code)).toEqual([
      'WHE',
      'WHI',
      'HEL',
      'WHI',
      'FIN',
    ]);
    expect(
      stored.shipments[0].milestones.map((milestone: { sequence: string }) => milestone.sequence),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(stored.shipments[0].trackingDetail).toMatchObject({
      carrierCode: 'FEDEX',
      serviceLevelCode: 'GROUND',
    });
    expect(stored.shipments[0].trackingDetail.trackingNumber).toMatch(/^\d{12}$/);
    const camera = stored.shipments[0].shipmentLines.find(
      (line: { productCode: string }) => line.productCode === 'CAM',
    );
    expect(camera.sublines).toHaveLength(2);
  });

  it('accepts the convenience path without shipment id, a bare POST and a PascalCase body', async () => {
    await createOrder();
    expect((await bare('/sandbox/v1/orders/SO-1/pick')).status).toBe(200);
    const shipped = expectSuccess(
      await post('/sandbox/v1/orders/SO-1/ship', {
        ShipmentLines: [{ LineNumber: '1', Quantity: 4 }],
        Packages: [{ PackageReference: 'BOX-A' }],
      }),
    );
    expect(shipped.shipments[0].shipmentLines.map((line: { quantity: number }) => line.quantity)).toEqual([
      4,
    ]);
    expect(shipped.shipments[0].packages[0].packageReference).toBe('BOX-A');
    expect(shipped.status).toBe('FIN');
  });

  it('ships a rate-shopped order with the carrier of its rate group', async () => {
    const order = await createOrder('SO-RATE', { transportDetail: null, rateGroup: 'EXPEDITED' });
    await orderAction(order, 'pick');
    const shipped = expectSuccess(await orderAction(order, 'ship'));
    expect(shipped.shipments[0].trackingDetail).toMatchObject({
      carrierCode: 'FEDEX',
      carrierName: 'FedEx 2Day',
    });
  });

  it('cancels: the order follows to CAN', async () => {
    const order = await createOrder();
    const canceled = expectSuccess(await orderAction(order, 'cancel', { reason: 'customer canceled' }));
    expect(canceled.status).toBe('CAN');
    expect(canceled.shipments[0].milestones.at(-1)).toMatchObject({
      code: 'CAN',
      description: 'Canceled: customer canceled',
    });
  });

  it('splits into a second shipment; FIN plus CAN gives a FIN order', async () => {
    const order = await createOrder();
    const split = expectSuccess(await bare(`/sandbox/v1/orders/${order.id}/split`).then(toAnswer));
    expect(split.shipments).toHaveLength(2);
    expect(split.shipments.map((shipment: { status: string }) => shipment.status)).toEqual(['ENT', 'ENT']);
    const [first, second] = split.shipments;
    conflict(await post(`/sandbox/v1/orders/${order.id}/pick`), /2 open shipments: name the shipment id/);
    expectSuccess(await post(`/sandbox/v1/orders/${order.id}/shipments/${first.id}/pick`));
    const partly = expectSuccess(await post(`/sandbox/v1/orders/${order.id}/shipments/${first.id}/ship`));
    expect(partly.status).toBe('PRS');
    expect(
      partly.shipments[0].shipmentLines.map((line: { productCode: string }) => line.productCode),
    ).toEqual(['TEE']);
    const done = expectSuccess(await post(`/sandbox/v1/orders/${order.id}/shipments/${second.id}/cancel`));
    expect(done.shipments.map((shipment: { status: string }) => shipment.status)).toEqual(['FIN', 'CAN']);
    expect(done.status).toBe('FIN');
  });

  it('after a split, an order update re-plans both shipments, so each ships the updated lines', async () => {
    const order = await createOrder();
    const split = expectSuccess(await bare(`/sandbox/v1/orders/${order.id}/split`).then(toAnswer));
    const [first, second] = split.shipments;
    // CAM moves to line 1 and shrinks below what the second shipment holds; TEE shrinks; a new line comes.
    const update = orderBody('SO-1', 'TEE', {
      orderLines: [
        { productCode: 'CAM', quantity: 1 },
        { productCode: 'TEE', quantity: 2 },
        { productCode: 'TEE', quantity: 1, externalLineReference: 'GIFT' },
      ],
    });
    expectSuccess(await sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, { body: update }));
    const shipped = async (shipmentId: string) => {
      expectSuccess(await post(`/sandbox/v1/orders/${order.id}/shipments/${shipmentId}/pick`));
      const answer = await bare(`/sandbox/v1/orders/${order.id}/shipments/${shipmentId}/ship`).then(toAnswer);
      const after = expectSuccess(answer);
      return after.shipments
        .find((shipment: { id: string }) => shipment.id === shipmentId)
        .shipmentLines.map((line: { lineNumber: string; productCode: string; quantity: number }) => [
          line.lineNumber,
          line.productCode,
          line.quantity,
        ]);
    };
    expect(await shipped(first.id)).toEqual([
      ['2', 'TEE', 2],
      ['3', 'TEE', 1],
    ]);
    expect(await shipped(second.id)).toEqual([['1', 'CAM', 1]]);
  });

  it('moves only the order of the organization that asks', async () => {
    const created = expectSuccess(
      await post('/warehouse/v1/products', productBody('TEE'), orgHeaders('north')),
    );
    expect(created.productCode).toBe('TEE');
    const order = expectSuccess(
      await post('/warehouse/v1/orders', orderBody('SO-N', 'TEE'), orgHeaders('north')),
    );
    expectErrors(await post(`/sandbox/v1/orders/${order.id}/pick`, {}, orgHeaders('south')), 404, [
      { code: 'not_found', pointer: '/' },
    ]);
    expectSuccess(await post(`/sandbox/v1/orders/${order.id}/pick`, {}, orgHeaders('north')));
  });

  it('needs the API key', async () => {
    const order = await createOrder();
    const answer = await sandbox.app.request(`/sandbox/v1/orders/${order.id}/pick`, { method: 'POST' });
    expect(answer.status).toBe(401);
  });
});

async function toAnswer(response: Response): Promise<Answer> {
  return { status: response.status, json: await response.json(), headers: response.headers };
}

describe('illegal moves answer 409 with the reason and change nothing', () => {
  it('refuses to ship a canceled shipment', async () => {
    const order = await createOrder();
    await orderAction(order, 'cancel');
    const before = databaseDigest(sandbox.store);
    conflict(await orderAction(order, 'ship'), /Cannot ship a shipment that is canceled \(CAN\)/);
    expect(databaseDigest(sandbox.store)).toBe(before);
  });

  it('refuses to ship before picking, pick twice, release what is not held, or hold a shipped one', async () => {
    const order = await createOrder();
    conflict(await orderAction(order, 'ship'), /start picking first/);
    conflict(await orderAction(order, 'release'), /only a shipment on hold can be released/);
    await orderAction(order, 'pick');
    conflict(await orderAction(order, 'pick'), /being picked \(PIC\)/);
    await orderAction(order, 'ship');
    conflict(await orderAction(order, 'hold'), /finalized is final/);
    conflict(await orderAction(order, 'cancel'), /finalized is final/);
    conflict(await post(`/sandbox/v1/orders/${order.id}/split`), /only an entered \(ENT\) or held \(HEL\)/);
  });

  it('refuses the order update once a shipment is PIC, and allows it while HEL', async () => {
    const order = await createOrder();
    await orderAction(order, 'hold');
    const update = orderBody('SO-1', 'TEE', { note: 'leave at the door' });
    expectSuccess(await sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, { body: update }));
    await orderAction(order, 'release');
    await orderAction(order, 'pick');
    const before = databaseDigest(sandbox.store);
    conflict(
      await sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, {
        body: {
          ...update,
          note: 'too late',
          orderLines: [...update.orderLines, { productCode: 'CAM', quantity: 1 }],
        },
      }),
      /is PIC: an order can change only while every shipment is ENT or HEL/,
    );
    expect(databaseDigest(sandbox.store)).toBe(before);
  });

  it('refuses to receive into a finalized receive shipment', async () => {
    const receive = await createReceive();
    expectSuccess(await post(`/sandbox/v1/receives/${receive.id}/finalize`));
    const before = databaseDigest(sandbox.store);
    conflict(
      await post(`/sandbox/v1/receives/${receive.id}/shipments/${receive.shipments[0].id}/receive`),
      /Cannot receive into a receive shipment that is finalized \(FIN\)/,
    );
    conflict(await post(`/sandbox/v1/receives/${receive.id}/cancel`), /finalized is final/);
    expect(databaseDigest(sandbox.store)).toBe(before);
  });
});

describe('bad action input answers 400 or 404 and changes nothing', () => {
  it('names each wrong member of a ship body', async () => {
    const order = await createOrder();
    await orderAction(order, 'pick');
    const before = databaseDigest(sandbox.store);
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
    expect(databaseDigest(sandbox.store)).toBe(before);
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
    const answer = await sandbox.app.request(`/sandbox/v1/orders/${order.id}/hold`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-key', 'content-type': 'text/plain' },
      body: 'hold it',
    });
    expect(answer.status).toBe(415);
  });
});

describe('receive shipment actions', () => {
  it('receives in parts, then finalizes; the receive follows to FIN', async () => {
    const receive = await createReceive();
    const partial = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/receive`, {
        receiveLines: [{ lineNumber: '1', quantity: 6 }],
      }),
    );
    expect(partial.status).toBe('PRS');
    expect(partial.shipments[0].totalQuantity).toBe(6);
    expect(partial.dateLastUpdated > receive.dateLastUpdated).toBe(true);
    const rest = expectSuccess(await bare(`/sandbox/v1/receives/PO-1/receive`).then(toAnswer));
    expect(rest.shipments[0].receiveLines.map((line: { quantity: number }) => line.quantity)).toEqual([
      10, 2,
    ]);
    const serials = rest.shipments[0].receiveLines[1].sublines;
    expect(
      serials.map((subline: { partAttributes: { key: string }[] }) => subline.partAttributes[0]?.key),
    ).toEqual(['SN', 'SN']);
    conflict(await post(`/sandbox/v1/receives/${receive.id}/receive`), /finalize it/);
    const done = expectSuccess(await post(`/sandbox/v1/receives/${receive.id}/finalize`));
    expect(done.status).toBe('FIN');
    expect(done.shipments[0].milestones.map((milestone: { code: string }) => milestone.code)).toEqual([
      'WHE',
      'FIN',
    ]);
  });

  it('receives over and short with given serials and lots', async () => {
    const receive = await createReceive();
    const over = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/receive`, {
        receiveLines: [
          { productCode: 'TEE', quantity: 12 },
          {
            productCode: 'CAM',
            quantity: 1,
            sublines: [{ quantity: 1, partAttributes: [{ key: 'SN', value: 'CAM-0001' }] }],
          },
        ],
      }),
    );
    expect(over.shipments[0].receiveLines.map((line: { quantity: number }) => line.quantity)).toEqual([
      12, 1,
    ]);
    expect(over.shipments[0].receiveLines[1].sublines[0].partAttributes).toEqual([
      { key: 'SN', value: 'CAM-0001' },
    ]);
  });

  it('cancels a return', async () => {
    const receive = await createReceive('RMA-1', { subtype: 'RET' });
    const canceled = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/shipments/${receive.shipments[0].id}/cancel`, {
        reason: 'customer kept it',
      }),
    );
    expect(canceled.status).toBe('CAN');
    expect(canceled.subtype).toBe('RET');
  });
});

describe('documentation of the operator actions', () => {
  it('lists every action, with its convenience path, in the reference page and the OpenAPI document', async () => {
    const page = await (await sandbox.app.request('/warehouse/api-docs/reference')).text();
    const document = await (await sandbox.app.request('/warehouse/api-docs')).json();
    const openApiPaths = document.paths ?? document.data?.paths;
    for (const route of operatorRoutes) {
      expect(page).toContain(route.summary.replaceAll('>', '&#62;'));
      for (const path of [route.path, ...(route.aliases ?? [])]) {
        const documented = path.replace(/:(\w+)/g, '{$1}');
        expect(page).toContain(`POST ${documented}`);
        expect(openApiPaths[documented]?.post, documented).toBeDefined();
        if (route.body) expect(openApiPaths[documented].post.requestBody.required, documented).toBe(false);
      }
    }
  });
});
