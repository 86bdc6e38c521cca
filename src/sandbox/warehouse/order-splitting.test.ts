import { describe, expect, it } from 'vitest';
import { type OrderShipment, orderLineSchema } from '../../contract/order';
import { shipActionSchema } from '../../contract/sandbox-actions';
import { enteredOrder, testContext } from '../testing/test-documents';
import { ActionInputError, IllegalMoveError } from './action-errors';
import { cancelShipment, pickShipment, shipShipment } from './order-shipping';
import { replannedShipments, splitOrder } from './order-splitting';

const context = testContext();
const now = context.now;

describe('split', () => {
  it('moves the later half of the lines to a new entered shipment', () => {
    const order = splitOrder(enteredOrder(), {}, context);
    expect(order.shipments.map((shipment) => [shipment.id, shipment.status])).toEqual([
      ['ship-1', 'ENT'],
      ['new-1', 'ENT'],
    ]);
    expect(order.shipments[0]?.shipmentLines.map((line) => [line.lineNumber, line.quantity])).toEqual([
      ['1', 3],
    ]);
    expect(order.shipments[1]?.shipmentLines.map((line) => [line.lineNumber, line.quantity])).toEqual([
      ['2', 2],
    ]);
    expect(order.shipments[1]?.milestones).toMatchObject([{ code: 'WHE', sequence: '1' }]);
    expect(order.status).toBe('PRS');
  });

  it('ships each part separately; the order finalizes once the other part is canceled', () => {
    const split = splitOrder(enteredOrder(), { lines: [{ lineNumber: '1', quantity: 1 }] }, context);
    expect(split.shipments[0]?.shipmentLines.map((line) => line.quantity)).toEqual([2, 2]);
    const first = shipShipment(
      pickShipment(split, 'ship-1', now),
      'ship-1',
      shipActionSchema.parse({}),
      context,
    );
    expect(first.shipments[0]?.shipmentLines.map((line) => line.quantity)).toEqual([2, 2]);
    expect(first.status).toBe('PRS');
    const done = cancelShipment(first, undefined, {}, now);
    expect(done.shipments.map((shipment) => shipment.status)).toEqual(['FIN', 'CAN']);
    expect(done.status).toBe('FIN');
  });

  it('refuses to split a picking shipment, to move everything, or to split a single unit', () => {
    expect(() => splitOrder(pickShipment(enteredOrder(), undefined, now), {}, context)).toThrow(
      IllegalMoveError,
    );
    expect(() =>
      splitOrder(
        enteredOrder(),
        {
          lines: [
            { lineNumber: '1', quantity: 3 },
            { lineNumber: '2', quantity: 2 },
          ],
        },
        context,
      ),
    ).toThrow(ActionInputError);
    const single = enteredOrder({
      orderLines: enteredOrder()
        .orderLines.slice(0, 1)
        .map((line) => ({ ...line, quantity: 1 })),
    });
    expect(() => splitOrder(single, {}, context)).toThrow(/nothing to split/);
  });

  it('asks for the shipment id once two shipments are open', () => {
    const split = splitOrder(enteredOrder(), {}, context);
    expect(() => pickShipment(split, undefined, now)).toThrow(/2 open shipments: name the shipment id/);
  });
});

describe('replanning after an order update', () => {
  // The first shipment plans TEE-S 2; the second TEE-S 1 and CAM-1 2.
  const split = () =>
    splitOrder(
      enteredOrder(),
      {
        lines: [
          { lineNumber: '1', quantity: 1 },
          { lineNumber: '2', quantity: 2 },
        ],
      },
      testContext(),
    );
  const line = (lineNumber: string, productCode: string, quantity: number, externalLineReference?: string) =>
    orderLineSchema.parse({ lineNumber, productCode, quantity, externalLineReference });
  const plans = (shipments: OrderShipment[]) =>
    shipments.map((shipment) => [
      shipment.id,
      shipment.shipmentLines.map((held) => [held.lineNumber, held.productCode, held.quantity]),
    ]);

  it('lets a later shipment keep what it holds of a kept line; the first takes the rest and new lines', () => {
    const lines = [line('1', 'TEE-S', 5, 'A'), line('2', 'MILK', 4)];
    expect(plans(replannedShipments(split().shipments, lines))).toEqual([
      [
        'ship-1',
        [
          ['1', 'TEE-S', 4],
          ['2', 'MILK', 4],
        ],
      ],
      ['new-1', [['1', 'TEE-S', 1]]],
    ]);
  });

  it('caps a later shipment to the new quantity and follows a line to its new number', () => {
    const lines = [line('1', 'CAM-1', 1, 'B'), line('2', 'TEE-S', 3, 'A')];
    expect(plans(replannedShipments(split().shipments, lines))).toEqual([
      ['ship-1', [['2', 'TEE-S', 2]]],
      [
        'new-1',
        [
          ['2', 'TEE-S', 1],
          ['1', 'CAM-1', 1],
        ],
      ],
    ]);
  });

  it('drops a shipment left with nothing; a single shipment left plans from the order lines', () => {
    expect(plans(replannedShipments(split().shipments, [line('1', 'MILK', 2)]))).toEqual([['ship-1', []]]);
    expect(plans(replannedShipments(split().shipments, [line('1', 'TEE-S', 1, 'A')]))).toEqual([
      ['new-1', []],
    ]);
  });

  it('leaves an unsplit order alone', () => {
    const shipments = enteredOrder().shipments;
    expect(replannedShipments(shipments, [line('1', 'MILK', 2)])).toEqual(shipments);
  });
});
