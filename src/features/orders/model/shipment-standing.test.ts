import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../../contract/order';
import { stillOwed } from './shipment-standing';

describe('stillOwed', () => {
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
    expect(stillOwed(order).map(({ productCode, owed }) => [productCode, owed])).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
  });
});
