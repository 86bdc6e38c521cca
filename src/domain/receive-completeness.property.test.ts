import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReceive } from '../testing/receive-fixtures';
import { computeReceiveCompleteness } from './receive-completeness';

describe('computeReceiveCompleteness on any receive', () => {
  const products = ['A', 'B', 'C', 'D'];
  const receiveArbitrary = fc
    .record({
      status: fc.constantFrom('PRS', 'FIN', 'CAN'),
      announced: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 4 }),
      shipments: fc.array(
        fc.record({
          status: fc.constantFrom('PRS', 'FIN', 'CAN'),
          lines: fc.array(
            fc.record({ product: fc.constantFrom(...products), quantity: fc.integer({ min: 0, max: 60 }) }),
            { maxLength: 5 },
          ),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ status, announced, shipments }) =>
      buildReceive(
        status,
        announced.map((quantity, index) => ({
          lineNumber: String(index + 1),
          productCode: products[index],
          quantity,
        })),
        shipments.map((shipment) => ({
          status: shipment.status,
          receiveLines: shipment.lines.map((line) => ({
            productCode: line.product,
            quantity: line.quantity,
          })),
        })),
      ),
    );

  it('accounts for every unit on shipments that were not canceled, and keeps the percentage within 0–100', () => {
    fc.assert(
      fc.property(receiveArbitrary, (subject) => {
        const result = computeReceiveCompleteness(subject);
        const arrived = subject.shipments
          .filter((shipment) => shipment.status !== 'CAN')
          .flatMap((shipment) => shipment.receiveLines)
          .reduce((sum, line) => sum + line.quantity, 0);
        expect(result.received).toBe(arrived);
        expect(result.percentage).toBeGreaterThanOrEqual(0);
        expect(result.percentage).toBeLessThanOrEqual(100);
        expect(result.percentage === 100).toBe(result.receivedOfAnnounced === result.announced);
        for (const line of result.lines) {
          expect(line.difference).toBe(line.received - line.announced);
          if (subject.status === 'CAN') expect(line.state).toBe('canceled');
          else if (line.received > line.announced) expect(line.state).toBe('over');
          else if (line.received < line.announced && subject.status === 'FIN')
            expect(line.state).toBe('short');
        }
      }),
    );
  });
});
