import { describe, expect, it } from 'vitest';
import { receiveListSchema, receiveSchema } from '../../contract/receive';
import { receiveBody } from '../testing/request-bodies';
import { routeSandboxPerTest } from '../testing/route-sandbox';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const setup = routeSandboxPerTest(['R1', 'R2']);

describe('POST /warehouse/v1/receives', () => {
  it('creates the receive in PRS with one PRS shipment whose lines start at quantity 0', async () => {
    const receive = expectSuccess(
      await setup.sandbox.call('POST', '/warehouse/v1/receives', {
        body: receiveBody('PO-1', 'R1', {
          secondaryReference: 'ASN-1',
          transportReference: 'PRO-77',
          eta: '2026-12-02T10:00:00-05:00',
          shipFromAddress: { address: { addressLine1: '9 Dock Rd', country: 'CA' } },
          receiveLines: [
            {
              productCode: 'R1',
              quantity: 10,
              externalLineReference: 'L-A',
              partAttributes: [{ key: 'LOT', value: 'B7' }],
            },
            { productCode: 'R2', quantity: 4 },
          ],
        }),
      }),
    );
    expect(receiveSchema.parse(receive)).toBeTruthy();
    expect(receive).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'PRS',
      warehouseCode: 'NJE',
      primaryReference: 'PO-1',
      transportReference: 'PRO-77',
      eta: '2026-12-02T10:00:00-05:00',
      receiveLines: [
        {
          lineNumber: '1',
          productCode: 'R1',
          quantity: 10,
          externalLineReference: 'L-A',
          partAttributes: [{ key: 'LOT', value: 'B7' }],
        },
        { lineNumber: '2', productCode: 'R2', quantity: 4, quantityUnit: 'UNT' },
      ],
    });
    expect(receive.subtype).toBeUndefined();
    expect(receive.shipments).toHaveLength(1);
    expect(receive.shipments[0]).toMatchObject({
      status: 'PRS',
      totalQuantity: 0,
      primaryReference: 'PO-1',
      secondaryReference: 'ASN-1',
      shipFromAddress: { address: { addressLine1: '9 Dock Rd', country: 'CA' } },
      receiveLines: [
        { lineNumber: '1', productCode: 'R1', quantity: 0, sublines: [] },
        { lineNumber: '2', productCode: 'R2', quantity: 0, sublines: [] },
      ],
      milestones: [{ code: 'WHE', description: 'Created', sequence: '1' }],
    });
  });

  it('creates a return with subtype RET, read through the same lookup', async () => {
    const created = expectSuccess(
      await setup.sandbox.call('POST', '/warehouse/v1/receives', {
        body: receiveBody('RMA-1', 'R2', { Subtype: 'RET' }),
      }),
    );
    expect(created.subtype).toBe('RET');
    const read = expectSuccess(
      await setup.sandbox.call('GET', '/warehouse/v1/receives?PrimaryReference=RMA-1'),
    );
    expect(receiveListSchema.parse(read).receives).toEqual([created]);
  });

  it('reports every problem at once: subtype, warehouse, unknown product, attribute key, quantity', async () => {
    const before = databaseDigest(setup.sandbox.store);
    const answer = await setup.sandbox.call('POST', '/warehouse/v1/receives', {
      body: {
        warehouseCode: 'ZZZ',
        primaryReference: 'PO-BAD',
        subtype: 'XFER',
        eta: 'tomorrow',
        receiveLines: [
          { productCode: 'NOPE', quantity: 1 },
          { productCode: 'R1', quantity: -3, partAttributes: [{ key: 'COLOR', value: 'x' }] },
        ],
      },
    });
    expectErrors(answer, 400, [
      { code: 'validation_failed', pointer: '/warehouseCode' },
      { code: 'validation_failed', pointer: '/subtype' },
      { code: 'validation_failed', pointer: '/eta' },
      { code: 'validation_failed', pointer: '/receiveLines/0/productCode' },
      { code: 'validation_failed', pointer: '/receiveLines/1/quantity' },
      { code: 'validation_failed', pointer: '/receiveLines/1/partAttributes/0/key' },
    ]);
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('refuses a receive without its required members', async () => {
    expectErrors(await setup.sandbox.call('POST', '/warehouse/v1/receives', { body: {} }), 400, [
      { code: 'validation_failed', pointer: '/warehouseCode' },
      { code: 'validation_failed', pointer: '/primaryReference' },
      { code: 'validation_failed', pointer: '/receiveLines' },
    ]);
  });

  it('answers 409 for a reference already used by a receive, while orders keep their own namespace', async () => {
    expectSuccess(
      await setup.sandbox.call('POST', '/warehouse/v1/receives', { body: receiveBody('SAME-REF', 'R1') }),
    );
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/receives', { body: receiveBody('SAME-REF', 'R2') }),
      409,
      [{ code: 'conflict', pointer: '/primaryReference' }],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
    const order = await setup.sandbox.call('POST', '/warehouse/v1/orders', {
      body: {
        warehouseCode: 'LAW',
        primaryReference: 'SAME-REF',
        shipToAddress: { address: { addressLine1: '1 A St', country: 'US' } },
        orderLines: [{ productCode: 'R1', quantity: 1 }],
      },
    });
    expectSuccess(order);
  });

  it('answers an empty list for an unknown reference', async () => {
    expect(
      expectSuccess(await setup.sandbox.call('GET', '/warehouse/v1/receives?primaryreference=NONE')),
    ).toEqual({
      receives: [],
      nextCursor: null,
    });
  });
});
