import { describe, expect, it } from 'vitest';
import { shippedShortOrder, twoShipmentOrder } from '../testing/order-fixtures';
import { buildReturn } from '../testing/receive-fixtures';
import {
  allowanceInWords,
  claimedBack,
  refundableUnits,
  returnAllowance,
  shippedByProduct,
  unitsToRefund,
} from './return-allowance';

// SO-1001 ordered 2 TENT-2P and 5 LAMP-01, and shipped 2 TENT-2P and 3 LAMP-01.
const order = shippedShortOrder;
const returnOf = (
  reference: string,
  rest: Omit<Parameters<typeof buildReturn>[0], 'reference' | 'originalOrder'>,
) => buildReturn({ reference, originalOrder: 'SO-1001', ...rest });

describe('what a return of an order may announce', () => {
  it('counts what the finalized shipments took, not what was ordered', () => {
    expect(Object.fromEntries(shippedByProduct(order))).toEqual({ 'TENT-2P': 2, 'LAMP-01': 3 });
    // Its second shipment, with the socks, is still open: none of them went out yet.
    expect(Object.fromEntries(shippedByProduct(twoShipmentOrder))).toEqual({ 'BOOT-42': 4, 'SOCK-M': 0 });
  });

  it('claims what an open return announced, and only what arrived once it is finalized or canceled', () => {
    const open = returnOf('RMA-1', { announced: { 'LAMP-01': 2 }, received: { 'LAMP-01': 1 } });
    expect(claimedBack(open).get('LAMP-01')).toBe(2);
    expect(claimedBack({ ...open, status: 'FIN' }).get('LAMP-01')).toBe(1);
    expect(claimedBack({ ...open, status: 'CAN', shipments: [] }).get('LAMP-01')).toBe(0);
  });

  it('leaves per product what was shipped less what other returns claim, never below 0', () => {
    const returns = [
      returnOf('RMA-1', { announced: { 'LAMP-01': 2 } }),
      returnOf('RMA-2', { announced: { 'LAMP-01': 2, 'TENT-2P': 1 } }),
    ];
    expect(returnAllowance(order, returns)).toEqual([
      { productCode: 'TENT-2P', shipped: 2, claimed: 1, claimedBy: ['RMA-2'], remaining: 1 },
      { productCode: 'LAMP-01', shipped: 3, claimed: 4, claimedBy: ['RMA-1', 'RMA-2'], remaining: 0 },
    ]);
  });

  it('says why with the numbers', () => {
    const [tent, lamp] = returnAllowance(order, [
      returnOf('RMA-1', { announced: { 'LAMP-01': 1 } }),
      returnOf('RMA-2', { announced: { 'LAMP-01': 2 } }),
    ]);
    expect(allowanceInWords('SO-1001', tent as never)).toBe('SO-1001 shipped 2 × TENT-2P; at most 2');
    expect(allowanceInWords('SO-1001', lamp as never)).toBe(
      'SO-1001 shipped 3 × LAMP-01; returns RMA-1 and RMA-2 already announce 3 back; at most 0 more',
    );
    const one = returnAllowance(order, [returnOf('RMA-1', { announced: { 'LAMP-01': 1 } })])[1];
    expect(allowanceInWords('SO-1001', one as never)).toBe(
      'SO-1001 shipped 3 × LAMP-01; return RMA-1 already announces 1 back; at most 2 more',
    );
  });
});

describe('what a return may refund', () => {
  const first = returnOf('RMA-1', {
    status: 'FIN',
    dateCreated: '2026-11-22T10:00:00Z',
    announced: { 'LAMP-01': 2 },
    received: { 'LAMP-01': 2 },
  });
  const second = returnOf('RMA-2', {
    status: 'FIN',
    dateCreated: '2026-11-23T10:00:00Z',
    announced: { 'LAMP-01': 2, 'TENT-2P': 1 },
    received: { 'LAMP-01': 2, 'TENT-2P': 1 },
  });

  it('refunds a unit once, by the return that received it first', () => {
    expect(refundableUnits(order, first, [first, second])).toEqual([
      { productCode: 'LAMP-01', received: 2, refundable: 2, countedBy: [] },
    ]);
    // 3 lamps shipped, 2 already refunded by RMA-1: 1 of the 2 received here.
    expect(refundableUnits(order, second, [first, second])).toEqual([
      { productCode: 'LAMP-01', received: 2, refundable: 1, countedBy: ['RMA-1'] },
      { productCode: 'TENT-2P', received: 1, refundable: 1, countedBy: [] },
    ]);
  });

  it('counts only what arrived of what was announced', () => {
    const over = returnOf('RMA-3', {
      status: 'FIN',
      announced: { 'LAMP-01': 1 },
      received: { 'LAMP-01': 3 },
    });
    expect(refundableUnits(order, over, [over])).toEqual([
      { productCode: 'LAMP-01', received: 1, refundable: 1, countedBy: [] },
    ]);
  });
});

describe('the units a return has to refund', () => {
  const refunded = returnOf('RMA-1', {
    status: 'FIN',
    dateCreated: '2026-11-22T10:00:00Z',
    announced: { 'TENT-2P': 2 },
    received: { 'TENT-2P': 2 },
  });
  const again = returnOf('RMA-2', {
    status: 'FIN',
    dateCreated: '2026-11-23T10:00:00Z',
    announced: { 'TENT-2P': 2, 'LAMP-01': 1 },
    received: { 'TENT-2P': 2, 'LAMP-01': 1 },
  });

  it('leaves out units an earlier return of the order received, in any state', () => {
    // 2 tents shipped, both received by RMA-1 already: of RMA-2 only the lamp is left to refund.
    expect(unitsToRefund(order, refunded, [refunded, again])).toBe(2);
    expect(unitsToRefund(order, again, [refunded, again])).toBe(1);
    const stillOpen = { ...refunded, status: 'PRS' };
    expect(unitsToRefund(order, again, [stillOpen, again])).toBe(1);
    const onlyTents = returnOf('RMA-3', {
      status: 'FIN',
      announced: { 'TENT-2P': 2 },
      received: { 'TENT-2P': 2 },
    });
    expect(
      unitsToRefund(order, { ...onlyTents, dateCreated: '2026-11-24T10:00:00Z' }, [refunded, onlyTents]),
    ).toBe(0);
  });

  it('counts every unit received of what was announced when the order is not known', () => {
    expect(unitsToRefund(null, again, [refunded, again])).toBe(3);
  });
});
