import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/order';
import { orderBody } from '../testing/request-bodies';
import { routeSandboxPerTest } from '../testing/route-sandbox';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const setup = routeSandboxPerTest(['P1', 'P2']);
const { createOrder } = setup;

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
        await setup.sandbox.call('PATCH', `/warehouse/v1/${segment}/${created.id}`, { body }),
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
        await setup.sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=SO-UPD-${segment}`),
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
      await setup.sandbox.call('PATCH', `/warehouse/v1/orders/${created.id}`, {
        body: orderBody('SO-DROP', 'P1', { rateGroup: 'ECONOMY', transportDetail: null }),
      }),
    );
    const [shipment] = updated.shipments;
    for (const member of ['secondaryReference', 'requiredShipDate', 'forwardingData', 'serviceLevel']) {
      expect(shipment, member).not.toHaveProperty(member);
      expect(updated, member).not.toHaveProperty(member);
    }
    // Job costing and transport detail, once dropped, read as the operator writes them unset.
    expect(shipment).toMatchObject({
      transportDetail: {},
      jobCosting: {},
      id: created.shipments[0].id,
      status: 'ENT',
    });
    expect(updated).toMatchObject({ rateGroup: 'ECONOMY', transportDetail: {}, jobCosting: {} });
  });

  it('refuses a changed warehouseCode or primaryReference on their members, and changes nothing', async () => {
    const created = await createOrder('SO-IMM');
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
        body: orderBody('SO-OTHER', 'P1', { warehouseCode: 'NJE' }),
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/warehouseCode' },
        { code: 'validation_failed', pointer: '/primaryReference' },
      ],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('applies the create-time rules on update', async () => {
    const created = await createOrder('SO-RULES');
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
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
    setup.sandbox.store.orders.put('default', held);
    const updated = expectSuccess(
      await setup.sandbox.call('PATCH', `/warehouse/v1/order/${created.id}`, {
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
      setup.sandbox.store.orders.put('default', {
        ...created,
        shipments: created.shipments.map((shipment) => ({ ...shipment, status })),
      });
      const before = databaseDigest(setup.sandbox.store);
      expectErrors(
        await setup.sandbox.call('PATCH', `/warehouse/v1/orders/${created.id}`, {
          body: orderBody(`SO-LOCK-${status}`, 'P2'),
        }),
        409,
        [{ code: 'conflict', pointer: '/' }],
      );
      expect(databaseDigest(setup.sandbox.store)).toBe(before);
    },
  );

  it('answers 404 for an unknown order id', async () => {
    expectErrors(
      await setup.sandbox.call('PATCH', '/warehouse/v1/order/0123456789abcdef0123456789abcdef', {
        body: orderBody('X', 'P1'),
      }),
      404,
      [{ code: 'not_found', pointer: '/' }],
    );
  });
});
