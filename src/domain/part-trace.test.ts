import { describe, expect, it } from 'vitest';
import { lot, orderOf, receiveOf } from '../testing/trace-fixtures';
import { traceOfPart } from './part-trace';

describe('traceOfPart', () => {
  const receives = [receiveOf('PO-1', [lot('L-77', 10)]), receiveOf('RMA-1', [lot('l-77', 1)], 'RET')];
  const orders = [
    orderOf('SO-2', 'Ana Lopez', [lot('L-77', 3)], '2026-11-22T09:00:00Z'),
    orderOf('SO-1', 'Owen Murphy', [lot('L-77', 4)], '2026-11-21T09:00:00Z'),
    orderOf('SO-3', 'Bo Chen', [lot('L-77', 2)], null),
    orderOf('SO-4', 'Cy Doe', [lot('L-99', 4)], '2026-11-21T09:00:00Z'),
  ];

  it('follows a lot in by its receive, out to each customer, and back, by date, whatever its case', () => {
    const trace = traceOfPart(' L-77 ', { orders, receives });
    expect(trace.entries.map((entry) => [entry.movement, entry.reference, entry.quantity])).toEqual([
      ['received', 'PO-1', 10],
      ['returned', 'RMA-1', 1],
      ['shipped', 'SO-1', 4],
      ['shipped', 'SO-2', 3],
      ['shipped', 'SO-3', 2],
    ]);
    expect(trace.entries[0]).toMatchObject({
      party: 'Peak Naturals',
      attributeKey: 'LOT',
      otherAttributes: [{ key: 'EXP', value: '2028-04-24' }],
    });
    expect(trace.entries[1]).toMatchObject({ party: 'Owen Murphy', originalOrder: 'SO-1' });
    expect(trace.entries[2]).toMatchObject({
      party: 'Owen Murphy',
      email: 'Owen@example.com',
      phone: '+1 303 555 0142',
      // Where the recall letter goes.
      address: expect.objectContaining({
        addressLine1: '18 Larch Street',
        city: 'Denver',
        postalCode: '80202',
      }),
      trackingNumber: '1ZSO-1',
      date: '2026-11-21T09:00:00Z',
    });
    expect(trace.entries[0]?.address).toMatchObject({ organization: 'Peak Naturals', addressLine1: '' });
    expect(trace.entries[4]?.date).toBeNull();
  });

  it('counts what shipped (not what is still being picked) against what came in and back', () => {
    expect(traceOfPart('L-77', { orders, receives })).toMatchObject({
      received: 10,
      shipped: 7,
      returned: 1,
      unaccounted: 4,
    });
    // More shipped than the records show came in: a receive the console never held.
    expect(traceOfPart('L-99', { orders, receives })).toMatchObject({
      received: 0,
      shipped: 4,
      unaccounted: -4,
    });
  });

  it('finds each unit of a serialized product by its serial number', () => {
    const serials = [1, 2, 3].map((unit) => ({
      quantity: 1,
      partAttributes: [
        { key: 'SN', value: `CAM0000000${unit}` },
        { key: 'LOT', value: 'L-5' },
      ],
    }));
    const trace = traceOfPart('cam00000002', {
      orders: [orderOf('SO-9', 'Di Eve', serials, '2026-11-23T09:00:00Z')],
      receives: [],
    });
    expect(trace.entries).toEqual([
      expect.objectContaining({
        movement: 'shipped',
        quantity: 1,
        attributeKey: 'SN',
        otherAttributes: [{ key: 'LOT', value: 'L-5' }],
      }),
    ]);
  });
});
