import { describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import { owedInWords, productOutcomes } from './shipment-standing';

describe('what is still owed', () => {
  it('owes nothing for units whose shipment was canceled, only for those really short', () => {
    const order = orderSchema.parse({
      id: 'o1',
      primaryReference: 'R',
      status: 'FIN',
      orderLines: [
        { lineNumber: '1', productCode: 'B', quantity: 3 },
        { lineNumber: '2', productCode: 'C', quantity: 5 },
      ],
      shipments: [
        { id: 's', status: 'FIN', shipmentLines: [{ lineNumber: '2', productCode: 'C', quantity: 2 }] },
        {
          id: 'c',
          status: 'CAN',
          shipmentLines: [
            { lineNumber: '1', productCode: 'B', quantity: 3 },
            { lineNumber: '2', productCode: 'C', quantity: 2 },
          ],
        },
      ],
    });
    expect(productOutcomes(order).map(({ productCode, owed }) => [productCode, owed])).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
    expect(owedInWords(order, false)).toBe('1 × C; 3 × B, 2 × C canceled with shipment 2.');
  });

  const split = (second: 'FIN' | 'CAN') =>
    orderSchema.parse({
      id: 'o2',
      primaryReference: 'R',
      status: 'FIN',
      orderLines: [
        { lineNumber: '1', productCode: 'X', quantity: 1 },
        { lineNumber: '2', productCode: 'Y', quantity: 2 },
      ],
      shipments: [
        { id: 's1', status: 'FIN', shipmentLines: [{ lineNumber: '1', productCode: 'X', quantity: 1 }] },
        { id: 's2', status: second, shipmentLines: [{ lineNumber: '2', productCode: 'Y', quantity: 2 }] },
      ],
    });

  it('says what shipped and what was canceled with which shipment, never that everything shipped', () => {
    expect(owedInWords(split('CAN'), false)).toBe(
      'nothing, 1 × X shipped and 2 × Y canceled with shipment 2.',
    );
  });

  it('says everything shipped only when it did, and nothing is owed of a canceled order', () => {
    expect(owedInWords(split('FIN'), false)).toBe('nothing, everything ordered has shipped.');
    expect(owedInWords(split('CAN'), true)).toBe('nothing, the order was canceled.');
  });
});
