import { describe, expect, it } from 'vitest';
import { orderSchema } from './order';
import { withUnknownMembers } from './unknown-members';

const heldOrder = orderSchema.parse({
  id: '677eddd7813921e226061966',
  status: 'PRS',
  primaryReference: 'SO-7001',
  dateCreated: '2023-05-10T14:03:22+00:00',
  consolidationGroup: 'EAST-7',
  shipToAddress: {
    address: { addressLine1: '1 Main St', country: 'US', dockDoor: '4' },
    contact: { personName: 'Ada', preferredLanguage: 'en' },
    deliveryWindow: 'AM',
  },
  orderLines: [
    { lineNumber: '1', productCode: 'A', quantity: 1, customsValue: '12.00' },
    {
      lineNumber: '2',
      productCode: 'B',
      quantity: 2,
      externalLineReference: 'L2',
      partAttributes: [{ key: 'LOT', value: 'L-1', source: 'client' }],
      giftWrap: true,
    },
  ],
});

/** What a correction form makes of the order: only the members a request names, one value changed. */
const correction = {
  primaryReference: 'SO-7001',
  note: 'Leave at the dock',
  shipToAddress: { address: { addressLine1: '2 Main St', country: 'US' }, contact: { personName: 'Ada' } },
  orderLines: [
    { productCode: 'A', quantity: 3 },
    {
      productCode: 'B',
      quantity: 2,
      externalLineReference: 'L2',
      partAttributes: [{ key: 'LOT', value: 'L-1' }],
    },
  ],
};

describe('withUnknownMembers', () => {
  it('carries the read’s unknown members back into the body, at every level, with the body’s values', () => {
    expect(withUnknownMembers(correction, heldOrder, orderSchema)).toEqual({
      primaryReference: 'SO-7001',
      note: 'Leave at the dock',
      consolidationGroup: 'EAST-7',
      shipToAddress: {
        address: { addressLine1: '2 Main St', country: 'US', dockDoor: '4' },
        contact: { personName: 'Ada', preferredLanguage: 'en' },
        deliveryWindow: 'AM',
      },
      orderLines: [
        { productCode: 'A', quantity: 3, customsValue: '12.00' },
        {
          productCode: 'B',
          quantity: 2,
          externalLineReference: 'L2',
          partAttributes: [{ key: 'LOT', value: 'L-1', source: 'client' }],
          giftWrap: true,
        },
      ],
    });
  });

  it('leaves out what the contract names but the body does not send (ids, statuses, dates)', () => {
    const body = withUnknownMembers(correction, heldOrder, orderSchema) as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('dateCreated');
  });

  it('gives a line another line’s members only where product and reference agree', () => {
    const firstRemoved = { ...correction, orderLines: [{ productCode: 'B', quantity: 2 }] };
    expect(withUnknownMembers(firstRemoved, heldOrder, orderSchema).orderLines).toEqual([
      { productCode: 'B', quantity: 2 },
    ]);
  });

  it('returns a body built without a read as it is', () => {
    expect(withUnknownMembers(correction, undefined, orderSchema)).toEqual(correction);
  });
});
