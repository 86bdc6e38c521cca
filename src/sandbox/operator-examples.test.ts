import { beforeEach, describe, expect, it } from 'vitest';
import { orderSchema } from '../contract/order';
import { receiveSchema } from '../contract/receive';
import { readSandboxConfig } from './config';
import { createTestSandbox, expectSuccess, type TestSandbox } from './testing/test-harness';

/**
 * Requests shaped like the examples of the operator's documentation (operator-docs.md), at a sandbox
 * started with a packet like theirs: they are accepted, and what they carry comes back with the
 * operator's ids and timestamps.
 */

const operatorPacket = {
  SANDBOX_WAREHOUSES: 'LAW,CLW',
  SANDBOX_ATTRIBUTE_KEYS: 'SERIAL NUMBER,LOT,EXP',
  SANDBOX_SERIAL_KEY: 'SERIAL NUMBER',
  SANDBOX_RATE_GROUPS: 'RG,STANDARD',
};

const operatorId = /^[0-9a-f]{24}$/;
const operatorTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** Every id is 24 lowercase hex characters and every timestamp whole seconds at +00:00, at any depth. */
function expectOperatorFormats(value: unknown, path = ''): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      expectOperatorFormats(item, `${path}/${index}`);
    });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, member] of Object.entries(value)) {
    if (key === 'id') expect(member, `${path}/id`).toMatch(operatorId);
    if (typeof member === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(member)) {
      expect(member, `${path}/${key}`).toMatch(operatorTimestamp);
    }
    expectOperatorFormats(member, `${path}/${key}`);
  }
}

let sandbox: TestSandbox;
const post = async (path: string, body?: unknown) =>
  expectSuccess(await sandbox.call('POST', path, { body }));

beforeEach(async () => {
  const { warehouses, attributeKeys, serialKey, rateGroups } = readSandboxConfig(operatorPacket);
  let clock = Date.parse('2026-11-20T08:00:00.250Z');
  // Milliseconds on the clock, as a real one has: they must not reach a document.
  sandbox = createTestSandbox({
    now: () => {
      clock += 1_337;
      return new Date(clock);
    },
    config: { warehouses, attributeKeys, serialKey, rateGroups },
  });
  await post('/warehouse/v1/products', {
    productCode: 'CAMERA-01',
    productDescription: 'Camera',
    productUnit: 'UNT',
    pickMode: 'ANE',
    productAttributes: [
      { key: 'SERIAL NUMBER', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
    ],
  });
  await post('/warehouse/v1/products', {
    productCode: 'STRAP-01',
    productDescription: 'Strap',
    productUnit: 'UNT',
  });
});

const serialLine = (serial: string, pallet: string) => ({
  externalLineReference: '1',
  productCode: 'CAMERA-01',
  quantity: 1,
  palletId: pallet,
  partAttributes: [{ key: 'SERIAL NUMBER', value: serial }],
});

describe('the sandbox answers like the operator documents', () => {
  it('keeps pallet ids and serial numbers of receive lines sharing one external reference', async () => {
    const receive = await post('/warehouse/v1/receives', {
      warehouseCode: 'CLW',
      primaryReference: 'PO-OPERATOR-1',
      transportReference: 'TRUCK-42',
      eta: '2023-05-15T00:00:00+00:00',
      receiveLines: [
        serialLine('SN-0001', 'PLT-A'),
        serialLine('SN-0002', 'PLT-A'),
        { productCode: 'STRAP-01', quantity: 24, palletId: 'PLT-B' },
      ],
    });
    expect(receiveSchema.parse(receive)).toBeTruthy();
    expectOperatorFormats(receive);
    expect(receive).toMatchObject({
      warehouseCode: 'CLW',
      transportReference: 'TRUCK-42',
      eta: '2023-05-15T00:00:00+00:00',
      receiveLines: [serialLine('SN-0001', 'PLT-A'), serialLine('SN-0002', 'PLT-A'), { palletId: 'PLT-B' }],
    });
    const [shipment] = receive.shipments;
    expect(shipment).toMatchObject({
      wmsDocketId: expect.stringMatching(/^\d+$/),
      transportReference: 'TRUCK-42',
      milestones: [{ code: 'WHE', description: 'Created', sequence: '1' }],
      receiveLines: [
        { lineNumber: '1', palletId: 'PLT-A', holdCode: '', quantity: 0 },
        { lineNumber: '2', palletId: 'PLT-A', holdCode: '', quantity: 0 },
        { lineNumber: '3', palletId: 'PLT-B', holdCode: '', quantity: 0 },
      ],
    });
    expect(shipment).not.toHaveProperty('arrivalDate');

    const arrived = await post('/sandbox/v1/receives/PO-OPERATOR-1/receive');
    expectOperatorFormats(arrived);
    const [received] = arrived.shipments;
    expect(received.arrivalDate).toBe(arrived.dateLastUpdated);
    expect(received.wmsDocketId).toBe(shipment.wmsDocketId);
    expect(received.receiveLines.map((line: { sublines: unknown }) => line.sublines)).toEqual([
      [{ quantity: 1, partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0001' }] }],
      [{ quantity: 1, partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0002' }] }],
      [],
    ]);
    expect(received.receiveLines.map((line: { palletId: string }) => line.palletId)).toEqual([
      'PLT-A',
      'PLT-A',
      'PLT-B',
    ]);
    const read = expectSuccess(
      await sandbox.call('GET', '/warehouse/v1/receives?PrimaryReference=PO-OPERATOR-1'),
    );
    expect(read.receives).toEqual([arrived]);
  });

  it('numbers the warehouse dockets in the order receives arrive', async () => {
    const dockets = [];
    for (const reference of ['PO-D1', 'PO-D2']) {
      const receive = await post('/warehouse/v1/receives', {
        warehouseCode: 'LAW',
        primaryReference: reference,
        receiveLines: [{ productCode: 'STRAP-01', quantity: 1 }],
      });
      dockets.push(receive.shipments[0].wmsDocketId);
    }
    expect(dockets).toEqual(['00000001', '00000002']);
  });

  it('takes an order with rate group RG and a job-costing branch, and answers the members it documents', async () => {
    const order = await post('/warehouse/v1/orders', {
      warehouseCode: 'CLW',
      primaryReference: 'SO-OPERATOR-1',
      requiredShipDate: '2023-05-15T00:00:00+00:00',
      rateGroup: 'RG',
      jobCosting: { branch: 'CLEARWATER' },
      packingRequired: true,
      shipToAddress: {
        address: {
          addressLine1: '100 Main St',
          city: 'Clearwater',
          state: 'FL',
          postalCode: '33755',
          country: 'US',
        },
        contact: { personName: 'Ada Buyer' },
      },
      orderLines: [{ productCode: 'STRAP-01', quantity: 2 }],
    });
    expect(orderSchema.parse(order)).toBeTruthy();
    expectOperatorFormats(order);
    const documented = {
      warehouseCode: 'CLW',
      requiredShipDate: '2023-05-15T00:00:00+00:00',
      transportDetail: {},
      jobCosting: { branch: 'CLEARWATER' },
      packingRequired: true,
      excludeFromTotePicking: false,
    };
    expect(order).toMatchObject({
      ...documented,
      rateGroup: 'RG',
      shipToAddress: { address: { country: 'US' } },
    });
    expect(order.shipments[0]).toMatchObject(documented);

    // Read and sent back as it came, the empty transport detail with it: still a rate-shopped order.
    const read = expectSuccess(
      await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-OPERATOR-1'),
    );
    expect(read.orders).toEqual([order]);
    const updated = expectSuccess(
      await sandbox.call('PATCH', `/warehouse/v1/orders/${order.id}`, { body: read.orders[0] }),
    );
    expect(updated).toMatchObject({ ...documented, rateGroup: 'RG' });

    await post(`/sandbox/v1/orders/${order.id}/pick`);
    const shipped = await post(`/sandbox/v1/orders/${order.id}/ship`, { packages: [{}, {}] });
    expectOperatorFormats(shipped);
    expect(shipped.shipments[0].trackingDetail.carrierCode).toEqual(expect.any(String));
  });
});
