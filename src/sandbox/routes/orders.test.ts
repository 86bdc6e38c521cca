import { describe, expect, it } from 'vitest';
import { incotermCodes } from '../../contract/incoterms';
import { orderListSchema, orderSchema } from '../../contract/order';
import { orderBody } from '../testing/request-bodies';
import { routeSandboxPerTest } from '../testing/route-sandbox';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const setup = routeSandboxPerTest(['P1', 'P2']);
const { createOrder } = setup;

describe('POST /warehouse/v1/orders', () => {
  it('creates the order in PRS with one ENT shipment carrying a WHE milestone with sequence "1"', async () => {
    const order = await createOrder('SO-1', { secondaryReference: 'PO-9', note: 'Leave at door' });
    expect(orderSchema.parse(order)).toBeTruthy();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'PRS',
      warehouseCode: 'LAW',
      primaryReference: 'SO-1',
      secondaryReference: 'PO-9',
      note: 'Leave at door',
      // Unset, as the operator writes them.
      transportDetail: {},
      jobCosting: {},
      packingRequired: false,
      excludeFromTotePicking: false,
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
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
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
      await setup.sandbox.call('POST', '/warehouse/v1/orders', {
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

  it('accepts a rate group with a null or empty transport detail, and every listed incoterm', async () => {
    const rateShopped = await createOrder('SO-RATE', { rateGroup: 'ECONOMY', transportDetail: null });
    expect(rateShopped).toMatchObject({ rateGroup: 'ECONOMY', transportDetail: {} });
    const echoed = await createOrder('SO-RATE-2', { rateGroup: 'ECONOMY', transportDetail: {} });
    expect(echoed).toMatchObject({ rateGroup: 'ECONOMY', transportDetail: {} });
    for (const code of incotermCodes) {
      const order = await createOrder(`SO-INCO-${code}`, { forwardingData: { incoTerm: code } });
      expect(order.forwardingData).toEqual({ incoTerm: code });
      expect(order.shipments[0]?.forwardingData).toEqual({ incoTerm: code });
    }
  });

  it('refuses a rate group together with a transport detail, on /transportDetail', async () => {
    const before = databaseDigest(setup.sandbox.store);
    const answer = await setup.sandbox.call('POST', '/warehouse/v1/orders', {
      body: orderBody('SO-BOTH', 'P1', {
        rateGroup: 'ECONOMY',
        transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
      }),
    });
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: '/transportDetail' }]);
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('reports every problem at once: schema, packet and unknown products', async () => {
    const answer = await setup.sandbox.call('POST', '/warehouse/v1/orders', {
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
    expect(setup.sandbox.store.orders.count()).toBe(0);
  });

  it('refuses an order without lines or address', async () => {
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/orders', {
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
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody('SO-DUP', 'P2') }),
      409,
      [{ code: 'conflict', pointer: '/primaryReference' }],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });
});

describe('GET /warehouse/v1/orders?PrimaryReference=', () => {
  it('finds by exact reference whatever the case of the name, and answers an empty list for no match', async () => {
    const created = await createOrder('SO-FIND');
    await createOrder('SO-FIND-2');
    for (const name of ['PrimaryReference', 'primaryReference', 'primaryreference']) {
      const data = expectSuccess(await setup.sandbox.call('GET', `/warehouse/v1/orders?${name}=SO-FIND`));
      expect(orderListSchema.parse(data).orders).toEqual([created]);
    }
    const none = expectSuccess(
      await setup.sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-NONE'),
    );
    expect(none).toEqual({ orders: [], nextCursor: null });
  });
});
