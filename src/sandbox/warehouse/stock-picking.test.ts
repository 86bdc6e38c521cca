import { describe, expect, it } from 'vitest';
import { expiryOf } from '../../domain/stock-movements';
import { holds, pickLots, type StockLot } from './stock-picking';

const lot = (
  id: number,
  value: string,
  quantity: number,
  expiry: string | null,
  receivedMs = id,
): StockLot => ({
  id,
  partAttributes: [{ key: 'LOT', value }, ...(expiry ? [{ key: 'EXP', value: expiry }] : [])],
  quantity,
  expiry,
  receivedMs,
});

const picked = (result: ReturnType<typeof pickLots>) =>
  result.picked.map(({ lot: taken, quantity }) => [taken.partAttributes[0]?.value, quantity]);

describe('picking lots', () => {
  it('takes the lot that expires first, whatever arrived first', () => {
    const lots = [lot(1, 'LATE', 10, '2028-01-01'), lot(2, 'SOON', 10, '2027-03-01')];
    expect(picked(pickLots(lots, 3))).toEqual([['SOON', 3]]);
  });

  it('goes on to the next lot when the first runs out, and says what no lot covers', () => {
    const lots = [lot(1, 'A', 2, '2027-01-01'), lot(2, 'B', 3, '2027-06-01')];
    const result = pickLots(lots, 7);
    expect(picked(result)).toEqual([
      ['A', 2],
      ['B', 3],
    ]);
    expect(result.missing).toBe(2);
  });

  it('takes lots without an expiry after those with one, and among equals the first received', () => {
    const lots = [
      lot(1, 'NONE', 5, null, 1),
      lot(2, 'NEW', 5, '2027-01-01', 20),
      lot(3, 'OLD', 5, '2027-01-01', 10),
    ];
    expect(picked(pickLots(lots, 12))).toEqual([
      ['OLD', 5],
      ['NEW', 5],
      ['NONE', 2],
    ]);
  });

  it('takes only lots that carry what the line asks for, and nothing of an empty lot', () => {
    const lots = [lot(1, 'A', 0, '2026-12-01'), lot(2, 'B', 5, '2027-01-01'), lot(3, 'C', 5, '2027-02-01')];
    expect(picked(pickLots(lots, 2))).toEqual([['B', 2]]);
    expect(picked(pickLots(lots, 2, [{ key: 'LOT', value: 'C' }]))).toEqual([['C', 2]]);
    expect(holds(lots[2] as StockLot, [{ key: 'LOT', value: 'B' }])).toBe(false);
  });

  it('reads the expiry of whatever key names it', () => {
    expect(expiryOf([{ key: 'BEST_BEFORE_EXP', value: '2027-05-01' }])).toBe('2027-05-01');
    expect(expiryOf([{ key: 'LOT', value: 'A' }])).toBeNull();
    expect(expiryOf([{ key: 'EXPIRY', value: '2027-05-01T00:00:00Z' }])).toBe('2027-05-01');
    // A date in another shape is no expiry rather than one compared in the wrong order; EXPORT is no expiry key.
    expect(expiryOf([{ key: 'EXP', value: '12/01/2027' }])).toBeNull();
    expect(expiryOf([{ key: 'EXPORT_CODE', value: '2027-05-01' }])).toBeNull();
  });
});
