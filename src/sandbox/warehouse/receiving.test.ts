import { describe, expect, it } from 'vitest';
import { receiveActionSchema } from '../../contract/sandbox-actions';
import { announcedReceive, testContext } from '../testing/test-documents';
import { ActionInputError, IllegalMoveError } from './action-errors';
import { cancelReceiveShipment, finalizeReceiveShipment, receiveGoods } from './receiving';

const context = testContext();
const stamp = '2026-11-21T15:30:00+00:00';
const everything = receiveActionSchema.parse({});

describe('receive', () => {
  it('with no body receives everything announced, with lots and expiry dates captured', () => {
    const receive = receiveGoods(announcedReceive(), undefined, everything, context);
    const shipment = receive.shipments[0];
    expect(shipment?.status).toBe('PRS');
    expect(shipment?.totalQuantity).toBe(14);
    expect(shipment?.receiveLines.map((line) => [line.lineNumber, line.productCode, line.quantity])).toEqual([
      ['1', 'TEE-S', 10],
      ['2', 'MILK', 4],
    ]);
    expect(shipment?.receiveLines[0]?.sublines).toEqual([]);
    const milk = shipment?.receiveLines[1]?.sublines;
    expect(milk).toHaveLength(1);
    expect(milk?.[0]?.quantity).toBe(4);
    expect(milk?.[0]?.partAttributes.map((attribute) => attribute.key)).toEqual(['LOT', 'EXP']);
    expect(milk?.[0]?.partAttributes[1]?.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(receive.dateLastUpdated).toBe(stamp);
    expect(shipment?.dateLastUpdated).toBe(stamp);
    expect(receive.status).toBe('PRS');
  });

  it('adds partial arrivals up, then receives only what is outstanding', () => {
    const first = receiveGoods(
      announcedReceive(),
      'rship-1',
      receiveActionSchema.parse({ receiveLines: [{ productCode: 'TEE-S', quantity: 4 }] }),
      context,
    );
    expect(first.shipments[0]?.receiveLines.map((line) => line.quantity)).toEqual([4]);
    const rest = receiveGoods(first, undefined, everything, context);
    expect(rest.shipments[0]?.receiveLines.map((line) => line.quantity)).toEqual([10, 4]);
    expect(() => receiveGoods(rest, undefined, everything, context)).toThrow(/has arrived: finalize it/);
  });

  it('accepts more than announced (over) and serials given as sublines', () => {
    const receive = receiveGoods(
      announcedReceive(),
      undefined,
      receiveActionSchema.parse({
        receiveLines: [
          {
            lineNumber: '1',
            quantity: 12,
            sublines: [
              { quantity: 10, partAttributes: [{ key: 'LOT', value: 'A' }] },
              { quantity: 2, partAttributes: [{ key: 'LOT', value: 'B' }] },
            ],
          },
        ],
      }),
      context,
    );
    expect(receive.shipments[0]?.receiveLines[0]?.quantity).toBe(12);
    expect(receive.shipments[0]?.receiveLines[0]?.sublines).toHaveLength(2);
  });

  it('names unknown lines and sublines that do not add up', () => {
    const body = receiveActionSchema.parse({
      receiveLines: [
        { lineNumber: '7', quantity: 1 },
        { lineNumber: '2', quantity: 3, sublines: [{ quantity: 1 }] },
        {
          lineNumber: '1',
          quantity: 1,
          sublines: [{ quantity: 1, partAttributes: [{ key: 'COLOR', value: 'red' }] }],
        },
      ],
    });
    try {
      receiveGoods(announcedReceive(), undefined, body, context);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ActionInputError);
      expect((error as ActionInputError).problems.map((problem) => problem.path.join('/'))).toEqual([
        'receiveLines/0/lineNumber',
        'receiveLines/1/sublines',
        'receiveLines/2/sublines/0/partAttributes/0/key',
      ]);
    }
  });
});

describe('finalize and cancel', () => {
  it('finalizes a short receive: the receive is FIN with what arrived', () => {
    const partial = receiveGoods(
      announcedReceive(),
      undefined,
      receiveActionSchema.parse({ receiveLines: [{ lineNumber: '1', quantity: 6 }] }),
      context,
    );
    const done = finalizeReceiveShipment(partial, undefined, context.now);
    expect(done.status).toBe('FIN');
    expect(done.shipments[0]?.status).toBe('FIN');
    expect(done.shipments[0]?.totalQuantity).toBe(6);
    expect(done.shipments[0]?.milestones.at(-1)).toMatchObject({ code: 'FIN', sequence: '2' });
  });

  it('refuses to receive into a finalized shipment and to cancel it', () => {
    const done = finalizeReceiveShipment(announcedReceive(), undefined, context.now);
    expect(() => receiveGoods(done, 'rship-1', everything, context)).toThrow(IllegalMoveError);
    expect(() => cancelReceiveShipment(done, 'rship-1', {}, context.now)).toThrow(IllegalMoveError);
  });

  it('cancels with the reason, which cancels the receive', () => {
    const canceled = cancelReceiveShipment(
      announcedReceive(),
      undefined,
      { reason: 'supplier withdrew' },
      context.now,
    );
    expect(canceled.status).toBe('CAN');
    expect(canceled.shipments[0]?.milestones.at(-1)).toMatchObject({
      code: 'CAN',
      description: 'Canceled: supplier withdrew',
    });
  });

  it('derives FIN for a receive with one finalized and one canceled shipment', () => {
    const receive = announcedReceive();
    const twoShipments = {
      ...receive,
      shipments: [receive.shipments[0], { ...receive.shipments[0], id: 'rship-2' }].filter(
        (s) => s !== undefined,
      ),
    };
    const oneDone = finalizeReceiveShipment(twoShipments, 'rship-1', context.now);
    expect(oneDone.status).toBe('PRS');
    expect(cancelReceiveShipment(oneDone, 'rship-2', {}, context.now).status).toBe('FIN');
  });
});
