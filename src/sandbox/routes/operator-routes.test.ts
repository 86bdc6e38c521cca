import { describe, expect, it } from 'vitest';
import { conflict, operatorSandboxPerTest, toAnswer } from '../testing/operator-sandbox';
import { orderBody, productBody } from '../testing/request-bodies';
import { expectErrors, expectSuccess, orgHeaders } from '../testing/test-harness';
import { operatorRoutes } from './operator-routes';

const operator = operatorSandboxPerTest();
const { post, bare, createOrder, orderAction } = operator;

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
    const stored = expectSuccess(
      await operator.sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-1'),
    ).orders[0];
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
    expectSuccess(await operator.sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, { body: update }));
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
    const answer = await operator.sandbox.app.request(`/sandbox/v1/orders/${order.id}/pick`, {
      method: 'POST',
    });
    expect(answer.status).toBe(401);
  });
});

describe('documentation of the operator actions', () => {
  it('lists every action, with its convenience path, in the reference page and the OpenAPI document', async () => {
    const page = await (await operator.sandbox.app.request('/warehouse/api-docs/reference')).text();
    const document = await (await operator.sandbox.app.request('/warehouse/api-docs')).json();
    const openApiPaths = document.paths ?? document.data?.paths;
    for (const route of operatorRoutes) {
      expect(page).toContain(route.summary.replaceAll('>', '&#62;'));
      for (const path of [route.operation.path, ...(route.operation.aliases ?? [])]) {
        const documented = path.replace(/:(\w+)/g, '{$1}');
        expect(page).toContain(`POST ${documented}`);
        expect(openApiPaths[documented]?.post, documented).toBeDefined();
        if (route.operation.body)
          expect(openApiPaths[documented].post.requestBody.required, documented).toBe(false);
      }
    }
  });
});
