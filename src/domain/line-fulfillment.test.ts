import { describe, expect, it } from 'vitest';
import { type Order, orderSchema } from '../contract/order';
import { lineFulfillment } from './line-fulfillment';

function order(
  lines: { lineNumber?: string; productCode: string; quantity: number; externalLineReference?: string }[],
  shipments: unknown[],
): Order {
  return orderSchema.parse({ id: 'o1', primaryReference: 'R', status: 'PRS', orderLines: lines, shipments });
}

const finished = (shipmentLines: unknown[]) => ({ id: 's', status: 'FIN', shipmentLines });

describe('lineFulfillment', () => {
  it('marks lines full, short and over once every shipment is finalized', () => {
    const result = lineFulfillment(
      order(
        [
          { lineNumber: '1', productCode: 'A', quantity: 2 },
          { lineNumber: '2', productCode: 'B', quantity: 5 },
          { lineNumber: '3', productCode: 'C', quantity: 1 },
        ],
        [
          finished([
            { lineNumber: '1', productCode: 'A', quantity: 2 },
            { lineNumber: '2', productCode: 'B', quantity: 3 },
            { lineNumber: '3', productCode: 'C', quantity: 2 },
          ]),
        ],
      ),
    );
    expect(result.lines.map(({ ordered, shipped, state }) => [ordered, shipped, state])).toEqual([
      [2, 2, 'full'],
      [5, 3, 'short'],
      [1, 2, 'over'],
    ]);
  });

  it('sums a line over several finalized shipments and ignores shipments that have not shipped', () => {
    const result = lineFulfillment(
      order(
        [{ lineNumber: '1', productCode: 'A', quantity: 4 }],
        [
          finished([{ lineNumber: '1', productCode: 'A', quantity: 1 }]),
          finished([{ lineNumber: '1', productCode: 'A', quantity: 3 }]),
          { id: 'c', status: 'CAN', shipmentLines: [{ lineNumber: '1', productCode: 'A', quantity: 9 }] },
        ],
      ),
    );
    expect(result.lines[0]).toMatchObject({ shipped: 4, state: 'full' });
  });

  it('calls a line pending, not short, while a shipment is still open', () => {
    const result = lineFulfillment(
      order(
        [{ lineNumber: '1', productCode: 'A', quantity: 4 }],
        [finished([{ lineNumber: '1', productCode: 'A', quantity: 1 }]), { id: 'open', status: 'PIC' }],
      ),
    );
    expect(result.lines[0]).toMatchObject({ shipped: 1, state: 'pending' });
  });

  it('calls lines canceled when every shipment was canceled', () => {
    const result = lineFulfillment(order([{ productCode: 'A', quantity: 1 }], [{ id: 'c', status: 'CAN' }]));
    expect(result.lines[0]).toMatchObject({ canceled: 1, state: 'canceled' });
  });

  it('calls units on a canceled shipment canceled, not short, beside a shipment that shipped', () => {
    const result = lineFulfillment(
      order(
        [
          { lineNumber: '1', productCode: 'A', quantity: 2 },
          { lineNumber: '2', productCode: 'B', quantity: 3 },
          { lineNumber: '3', productCode: 'C', quantity: 5 },
        ],
        [
          finished([
            { lineNumber: '1', productCode: 'A', quantity: 2 },
            { lineNumber: '3', productCode: 'C', quantity: 2 },
          ]),
          {
            id: 'c',
            status: 'CAN',
            shipmentLines: [
              { lineNumber: '2', productCode: 'B', quantity: 3 },
              { lineNumber: '3', productCode: 'C', quantity: 2 },
            ],
          },
        ],
      ),
    );
    expect(result.lines.map(({ shipped, canceled, state }) => [shipped, canceled, state])).toEqual([
      [2, 0, 'full'],
      [0, 3, 'canceled'],
      // 2 shipped, 2 canceled: the fifth unit is the one really short.
      [2, 2, 'short'],
    ]);
  });

  it('counts canceled units of a line that is still pending on another shipment', () => {
    const result = lineFulfillment(
      order(
        [{ lineNumber: '1', productCode: 'A', quantity: 5 }],
        [
          { id: 'open', status: 'ENT', shipmentLines: [{ lineNumber: '1', productCode: 'A', quantity: 2 }] },
          { id: 'c', status: 'CAN', shipmentLines: [{ lineNumber: '1', productCode: 'A', quantity: 3 }] },
        ],
      ),
    );
    expect(result.lines[0]).toMatchObject({ shipped: 0, canceled: 3, state: 'pending' });
  });

  it('matches by external reference, then by product, when line numbers are missing', () => {
    const result = lineFulfillment(
      order(
        [
          { productCode: 'A', quantity: 1, externalLineReference: 'x-1' },
          { productCode: 'B', quantity: 2 },
        ],
        [
          finished([
            { productCode: 'A', quantity: 1, externalLineReference: 'x-1' },
            { productCode: 'B', quantity: 2 },
          ]),
        ],
      ),
    );
    expect(result.lines.map((line) => line.state)).toEqual(['full', 'full']);
  });

  it('reports shipped goods that match no order line instead of hiding them', () => {
    const result = lineFulfillment(
      order(
        [{ lineNumber: '1', productCode: 'A', quantity: 1 }],
        [finished([{ lineNumber: '7', productCode: 'Z', quantity: 2 }])],
      ),
    );
    expect(result.unmatched).toEqual([{ productCode: 'Z', shipped: 2 }]);
    expect(result.lines[0]).toMatchObject({ shipped: 0, state: 'short' });
  });
});
