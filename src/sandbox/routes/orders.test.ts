import { beforeEach, describe, expect, it } from 'vitest';
import { incotermCodes } from '../../contract/incoterms';
import { type Order, orderListSchema, orderSchema } from '../../contract/order';
import {
  createTestSandbox,
  databaseDigest,
  expectErrors,
  expectSuccess,
  orderBody,
  productBody,
  type TestSandbox,
} from '../testing/test-harness';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = createTestSandbox();
  for (const code of ['P1', 'P2']) {
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody(code) }));
  }
});

async function createOrder(reference: string, extra: Record<string, unknown> = {}): Promise<Order> {
  return expectSuccess(
    await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference, 'P1', extra) }),
  );
}

describe('POST /warehouse/v1/orders', () => {
  it('creates the order in PRS with one ENT shipment carrying a WHE milestone with sequence "1"', async () => {
    const order = await createOrder('SO-1', { secondaryReference: 'PO-9', note: 'Leave at door' });
    expect(orderSchema.parse(order)).toBeTruthy();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 'PRS',
      warehouseCode: 'LAW',
      primaryReference: 'SO-1',
      secondaryReference: 'PO-9',
      note: 'Leave at door',
      transportDetail: null,
      orderLines: [
        {
          lineNumber: '1',
          productCode: 'P1',
          quantity: 2,
          quantityUnit: 'UNT',
          lineAttributes: [],
          lineCustomAttributes: [],
          partAttributes: [],
        },
      ],
    });
    expect(order.shipments).toHaveLength(1);
    const [shipment] = order.shipments;
    expect(shipment).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 'ENT',
      warehouseCode: 'LAW',
      primaryReference: 'SO-1',
      secondaryReference: 'PO-9',
      shipToAddress: order.shipToAddress,
      packages: [],
      milestones: [{ code: 'WHE', sequence: '1', actualDate: order.dateCreated }],
    });
    expect(order.shipments[0]?.id).not.toBe(order.id);
  });

  it('reads PascalCase members at any depth', async () => {
    const order = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: {
          WarehouseCode: 'DFW',
          PrimaryReference: 'SO-PASCAL',
          ShipToAddress: { Address: { AddressLine1: '2 Elm', Country: 'USA' } },
          OrderLines: [{ ProductCode: 'P2', Quantity: 1, PartAttributes: [{ Key: 'LOT', Value: 'L1' }] }],
        },
      }),
    );
    expect(order.orderLines[0]).toMatchObject({
      productCode: 'P2',
      partAttributes: [{ key: 'LOT', value: 'L1' }],
    });
    expect(order.shipToAddress.address.country).toBe('USA');
  });

  it('accepts a rate group with a null transport detail, and every listed incoterm', async () => {
    const rateShopped = await createOrder('SO-RATE', { rateGroup: 'ECONOMY', transportDetail: null });
    expect(rateShopped).toMatchObject({ rateGroup: 'ECONOMY', transportDetail: null });
    for (const code of incotermCodes) {
      const order = await createOrder(`SO-INCO-${code}`, { forwardingData: { incoTerm: code } });
      expect(order.forwardingData).toEqual({ incoTerm: code });
      expect(order.shipments[0]?.forwardingData).toEqual({ incoTerm: code });
    }
  });

  it('refuses a rate group together with a transport detail, on /transportDetail', async () => {
    const before = databaseDigest(sandbox.store);
    const answer = await sandbox.call('POST', '/warehouse/v1/orders', {
      body: orderBody('SO-BOTH', 'P1', {
        rateGroup: 'ECONOMY',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
      }),
    });
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: '/transportDetail' }]);
    expect(databaseDigest(sandbox.store)).toBe(before);
  });

  it('reports every problem at once: schema, packet and unknown products', async () => {
    const answer = await sandbox.call('POST', '/warehouse/v1/orders', {
      body: {
        warehouseCode: 'XXX',
        primaryReference: 'SO-BAD',
        shipToAddress: { address: { addressLine1: '', country: 'U' } },
        orderLines: [
          { productCode: 'P1', quantity: 0 },
          { productCode: 'NOPE', quantity: 1, partAttributes: [{ key: 'COLOR', value: 'red' }] },
        ],
        rateGroup: 'TELEPORT',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        forwardingData: { incoTerm: 'XYZ' },
      },
    });
    expectErrors(answer, 400, [
      { code: 'validation_failed', pointer: '/warehouseCode' },
      { code: 'validation_failed', pointer: '/shipToAddress/address/addressLine1' },
      { code: 'validation_failed', pointer: '/shipToAddress/address/country' },
      { code: 'validation_failed', pointer: '/orderLines/0/quantity' },
      { code: 'validation_failed', pointer: '/orderLines/1/productCode' },
      { code: 'validation_failed', pointer: '/orderLines/1/partAttributes/0/key' },
      { code: 'validation_failed', pointer: '/transportDetail' },
      { code: 'validation_failed', pointer: '/rateGroup' },
      { code: 'validation_failed', pointer: '/forwardingData/incoTerm' },
    ]);
    expect(sandbox.store.orders.count()).toBe(0);
  });

  it('refuses an order without lines or address', async () => {
    expectErrors(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: { warehouseCode: 'LAW', primaryReference: 'SO-EMPTY', orderLines: [] },
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/shipToAddress' },
        { code: 'validation_failed', pointer: '/orderLines' },
      ],
    );
  });

  it('answers 409 on /primaryReference for a reference already used by an order', async () => {
    await createOrder('SO-DUP');
    const before = databaseDigest(sandbox.store);
    expectErrors(
      await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody('SO-DUP', 'P2') }),
      409,
      [{ code: 'conflict', pointer: '/primaryReference' }],
    );
    expect(databaseDigest(sandbox.store)).toBe(before);
  });
});

describe('PATCH /warehouse/v1/order/{id} and /orders/{id}', () => {
  it.each(['order', 'orders'])(
    'replaces the order per the payload on /%s/{id}, and the open shipment follows',
    async (segment) => {
      const created = await createOrder(`SO-UPD-${segment}`, { note: 'old note', priority: 3 });
      const body = orderBody(`SO-UPD-${segment}`, 'P2', {
        secondaryReference: 'PO-NEW',
        requiredShipDate: '2026-12-01',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        orderLines: [
          { productCode: 'P2', quantity: 5, externalLineReference: 'A' },
          { productCode: 'P1', quantity: 1 },
        ],
      });
      const updated = expectSuccess(
        await sandbox.call('PATCH', `/warehouse/v1/${segment}/${created.id}`, { body }),
      );
      expect(orderSchema.parse(updated)).toBeTruthy();
      expect(updated).toMatchObject({
        id: created.id,
        dateCreated: created.dateCreated,
        status: 'PRS',
        secondaryReference: 'PO-NEW',
        requiredShipDate: '2026-12-01',
        priority: 0,
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        orderLines: [
          { lineNumber: '1', productCode: 'P2', quantity: 5, externalLineReference: 'A' },
          { lineNumber: '2', productCode: 'P1', quantity: 1 },
        ],
      });
      expect(updated.note).toBeUndefined();
      expect(updated.shipments).toHaveLength(1);
      expect(updated.shipments[0]).toMatchObject({
        id: created.shipments[0].id,
        status: 'ENT',
        secondaryReference: 'PO-NEW',
        requiredShipDate: '2026-12-01',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        milestones: created.shipments[0].milestones,
      });
      const read = expectSuccess(
        await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=SO-UPD-${segment}`),
      );
      expect(read.orders).toEqual([updated]);
    },
  );

  it('clears from the shipment every optional member the update drops, and follows a switch to a rate group', async () => {
    const created = await createOrder('SO-DROP', {
      secondaryReference: 'PO-OLD',
      requiredShipDate: '2026-11-01',
      forwardingData: { incoTerm: 'DAP' },
      jobCosting: { branch: 'WEST' },
      transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    });
    expect(created.shipments[0]).toMatchObject({
      secondaryReference: 'PO-OLD',
      requiredShipDate: '2026-11-01',
      forwardingData: { incoTerm: 'DAP' },
      jobCosting: { branch: 'WEST' },
      serviceLevel: 'GND',
    });
    const updated = expectSuccess(
      await sandbox.call('PATCH', `/warehouse/v1/orders/${created.id}`, {
        body: orderBody('SO-DROP', 'P1', { rateGroup: 'ECONOMY', transportDetail: null }),
      }),
    );
    const [shipment] = updated.shipments;
    for (const member of [
      'secondaryReference',
      'requiredShipDate',
      'forwardingData',
      'jobCosting',
      'serviceLevel',
    ]) {
      expect(shipment, member).not.toHaveProperty(member);
      expect(updated, member).not.toHaveProperty(member);
    }
    expect(shipment).toMatchObject({ transportDetail: null, id: created.shipments[0].id, status: 'ENT' });
    expect(updated).toMatchObject({ rateGroup: 'ECONOMY', transportDetail: null });
  });

  it('refuses a changed warehouseCode or primaryReference on their members, and changes nothing', async () => {
    const created = await createOrder('SO-IMM');
    const before = databaseDigest(sandbox.store);
    expectErrors(
      await sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
        body: orderBody('SO-OTHER', 'P1', { warehouseCode: 'NJE' }),
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/warehouseCode' },
        { code: 'validation_failed', pointer: '/primaryReference' },
      ],
    );
    expect(databaseDigest(sandbox.store)).toBe(before);
  });

  it('applies the create-time rules on update', async () => {
    const created = await createOrder('SO-RULES');
    expectErrors(
      await sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
        body: orderBody('SO-RULES', 'NOPE', {
          rateGroup: 'STANDARD',
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/orderLines/0/productCode' },
        { code: 'validation_failed', pointer: '/transportDetail' },
      ],
    );
  });

  it('allows an update while the shipment is HEL', async () => {
    const created = await createOrder('SO-HEL');
    const held = {
      ...created,
      shipments: created.shipments.map((shipment) => ({ ...shipment, status: 'HEL' })),
    };
    sandbox.store.orders.put('default', held);
    const updated = expectSuccess(
      await sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
        body: orderBody('SO-HEL', 'P2'),
      }),
    );
    expect(updated.shipments[0]).toMatchObject({ status: 'HEL' });
    expect(updated.orderLines[0]).toMatchObject({ productCode: 'P2' });
  });

  it.each(['PIC', 'FIN', 'CAN'])(
    'answers 409 while a shipment is %s, and changes nothing',
    async (status) => {
      const created = await createOrder(`SO-LOCK-${status}`);
      sandbox.store.orders.put('default', {
        ...created,
        shipments: created.shipments.map((shipment) => ({ ...shipment, status })),
      });
      const before = databaseDigest(sandbox.store);
      expectErrors(
        await sandbox.call('PATCH', `/warehouse/v1/orders/${created.id}`, {
          body: orderBody(`SO-LOCK-${status}`, 'P2'),
        }),
        409,
        [{ code: 'conflict', pointer: '/' }],
      );
      expect(databaseDigest(sandbox.store)).toBe(before);
    },
  );

  it('answers 404 for an unknown order id', async () => {
    expectErrors(
      await sandbox.call('PATCH', '/warehouse/v1/order/0123456789abcdef0123456789abcdef', {
        body: orderBody('X', 'P1'),
      }),
      404,
      [{ code: 'not_found', pointer: '/' }],
    );
  });
});

describe('GET /warehouse/v1/orders?PrimaryReference=', () => {
  it('finds by exact reference whatever the case of the name, and answers an empty list for no match', async () => {
    const created = await createOrder('SO-FIND');
    await createOrder('SO-FIND-2');
    for (const name of ['PrimaryReference', 'primaryReference', 'primaryreference']) {
      const data = expectSuccess(await sandbox.call('GET', `/warehouse/v1/orders?${name}=SO-FIND`));
      expect(orderListSchema.parse(data).orders).toEqual([created]);
    }
    const none = expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-NONE'));
    expect(none).toEqual({ orders: [], nextCursor: null });
  });
});
