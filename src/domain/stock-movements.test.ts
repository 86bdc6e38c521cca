import { describe, expect, it } from 'vitest';
import { type Order, orderSchema } from '../contract/order';
import { type Receive, receiveSchema } from '../contract/receive';
import { lotOf, stockLevelOf, stockMovementsOfOrder, stockMovementsOfReceive } from './stock-movements';

const lot = (value: string, quantity: number) => ({
  quantity,
  partAttributes: [
    { key: 'LOT', value },
    { key: 'EXP', value: '2027-05-01' },
  ],
});

const announcedReceive = (overrides: Partial<Receive>): Receive =>
  receiveSchema.parse({
    id: 'r1',
    primaryReference: 'PO-1',
    warehouseCode: 'LAW',
    status: 'PRS',
    receiveLines: [
      { lineNumber: '1', productCode: 'TEE-S', quantity: 10 },
      { lineNumber: '2', productCode: 'MILK', quantity: 4 },
    ],
    ...overrides,
  });
const enteredOrder = (overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    id: 'o1',
    primaryReference: 'SO-1',
    warehouseCode: 'LAW',
    status: 'PRS',
    orderLines: [
      { lineNumber: '1', productCode: 'TEE-S', quantity: 3 },
      { lineNumber: '2', productCode: 'CAM-1', quantity: 2 },
    ],
    shipments: [{ id: 's1', status: 'ENT' }],
    ...overrides,
  });

describe('stock movements', () => {
  it('reads a lot as its values other than the expiry', () => {
    expect(
      lotOf([
        { key: 'LOT', value: ' L1 ' },
        { key: 'EXPIRY', value: '2027-01-01' },
      ]),
    ).toBe('L1');
    expect(lotOf([{ key: 'SN', value: 'CAM123' }])).toBe('CAM123');
    expect(lotOf([])).toBe('');
  });

  it('counts a receive partly received: the finalized shipment in by lot, the rest of what was announced incoming', () => {
    const receive = announcedReceive({
      shipments: [
        {
          id: 'a',
          status: 'FIN',
          receiveLines: [
            {
              productCode: 'MILK',
              quantity: 3,
              sublines: [lot('L1', 2)],
              lineAttributes: [],
              lineCustomAttributes: [],
              partAttributes: [],
            },
          ],
          additionalReferences: [],
          milestones: [],
        },
        // Received but not yet put away: neither in stock nor still incoming twice.
        { id: 'b', status: 'PRS', receiveLines: [], additionalReferences: [], milestones: [] },
      ],
    });
    expect(stockMovementsOfReceive(receive)).toEqual([
      expect.objectContaining({
        productCode: 'MILK',
        warehouse: 'LAW',
        lot: 'L1',
        expiry: '2027-05-01',
        received: 2,
      }),
      expect.objectContaining({ productCode: 'MILK', lot: '', received: 1, incoming: 1 }),
      expect.objectContaining({ productCode: 'TEE-S', lot: '', received: 0, incoming: 10 }),
    ]);
  });

  it('counts an open order as committed and a canceled one as nothing', () => {
    expect(stockMovementsOfOrder(enteredOrder())).toEqual([
      expect.objectContaining({ productCode: 'TEE-S', committed: 3, shipped: 0 }),
      expect.objectContaining({ productCode: 'CAM-1', committed: 2, shipped: 0 }),
    ]);
    expect(stockMovementsOfOrder(enteredOrder({ status: 'CAN' }))).toEqual([]);
  });

  it('flags what does not add up', () => {
    const level = (lotName: string, received: number, shipped: number) =>
      stockLevelOf({
        productCode: 'P',
        warehouse: 'W',
        lot: lotName,
        expiry: null,
        received,
        returned: 0,
        shipped,
        incoming: 0,
        committed: 0,
      });
    expect(level('L', 5, 2)).toMatchObject({ onHand: 3, flags: [] });
    expect(level('L', 0, 2).flags).toEqual(['shipped_unreceived', 'below_zero']);
    expect(level('', 0, 2).flags).toEqual(['below_zero']);
  });
});
