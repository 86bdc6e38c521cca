import { describe, expect, it } from 'vitest';
import { shipActionSchema } from '../../contract/sandbox-actions';
import { enteredOrder, testContext } from '../testing/test-documents';
import { ActionInputError, IllegalMoveError, ShipmentNotFoundError } from './action-errors';
import { cancelShipment, holdShipment, pickShipment, releaseShipment, shipShipment } from './order-shipping';

const context = testContext();
const now = context.now;
const stamp = '2026-11-21T15:30:00+00:00';
const noBody = shipActionSchema.parse({});

function picked() {
  return pickShipment(enteredOrder(), undefined, now);
}

describe('pick, hold, release, cancel', () => {
  it('starts picking with a WHI milestone and moves dateLastUpdated of the shipment and order', () => {
    const order = picked();
    const shipment = order.shipments[0];
    expect(shipment?.status).toBe('PIC');
    expect(shipment?.milestones.map((milestone) => [milestone.code, milestone.sequence])).toEqual([
      ['WHE', '1'],
      ['WHI', '2'],
    ]);
    expect(shipment?.dateLastUpdated).toBe(stamp);
    expect(order.dateLastUpdated).toBe(stamp);
    expect(order.status).toBe('PRS');
  });

  it('holds with the reason in the milestone and releases back to picking', () => {
    const held = holdShipment(picked(), 'ship-1', { reason: 'address check' }, now);
    expect(held.shipments[0]?.status).toBe('HEL');
    expect(held.shipments[0]?.milestones.at(-1)).toMatchObject({
      code: 'HEL',
      description: 'On hold: address check',
    });
    const released = releaseShipment(held, undefined, now);
    expect(released.shipments[0]?.status).toBe('PIC');
    expect(released.shipments[0]?.milestones.at(-1)?.code).toBe('WHI');
  });

  it('cancels the only shipment, which cancels the order', () => {
    const canceled = cancelShipment(enteredOrder(), undefined, {}, now);
    expect(canceled.shipments[0]?.status).toBe('CAN');
    expect(canceled.shipments[0]?.milestones.at(-1)?.code).toBe('CAN');
    expect(canceled.status).toBe('CAN');
  });

  it('refuses to ship a canceled shipment and to pick twice', () => {
    const canceled = cancelShipment(enteredOrder(), undefined, {}, now);
    expect(() => shipShipment(canceled, 'ship-1', noBody, context)).toThrow(IllegalMoveError);
    expect(() => pickShipment(picked(), undefined, now)).toThrow(IllegalMoveError);
  });

  it('answers an unknown shipment id as not found', () => {
    expect(() => pickShipment(enteredOrder(), 'nope', now)).toThrow(ShipmentNotFoundError);
  });
});

describe('ship', () => {
  it('with no body ships every ordered unit in one BOX with UPS tracking and finalizes the order', () => {
    const order = shipShipment(picked(), undefined, noBody, context);
    const shipment = order.shipments[0];
    expect(order.status).toBe('FIN');
    expect(shipment?.status).toBe('FIN');
    expect(shipment?.actualShipDate).toBe(stamp);
    expect(shipment?.shipmentLines.map((line) => [line.lineNumber, line.productCode, line.quantity])).toEqual(
      [
        ['1', 'TEE-S', 3],
        ['2', 'CAM-1', 2],
      ],
    );
    expect(shipment?.packages).toHaveLength(1);
    expect(shipment?.packages[0]).toMatchObject({ packageType: 'BOX', weightUnit: 'LB', dimUnit: 'M' });
    // 3 × 8 oz + 2 × 1.5 lb + 0.4 lb of packaging
    expect(shipment?.packages[0]?.weight).toBe(4.9);
    expect(shipment?.packages[0]?.packedLines).toEqual([
      { quantity: 3, orderLineReference: '1', productCode: 'TEE-S' },
      { quantity: 2, orderLineReference: '2', productCode: 'CAM-1' },
    ]);
    expect(shipment?.trackingDetail).toMatchObject({ carrierCode: 'UPS', serviceLevelCode: 'GND' });
    expect(shipment?.trackingDetail?.trackingNumber).toMatch(/^1Z[A-Z0-9]{16}$/);
    expect(shipment?.totalCost).toMatch(/^\d+\.\d{2}$/);
    expect(shipment?.totalCostUnit).toBe('USD');
    expect(shipment?.milestones.at(-1)).toMatchObject({ code: 'FIN', sequence: '3' });
  });

  it('captures one serial number per unit of a serialized product, and none for a plain one', () => {
    const shipment = shipShipment(picked(), undefined, noBody, context).shipments[0];
    const camera = shipment?.shipmentLines.find((line) => line.productCode === 'CAM-1');
    expect(camera?.sublines).toHaveLength(2);
    for (const subline of camera?.sublines ?? []) {
      expect(subline.quantity).toBe(1);
      expect(subline.partAttributes[0]).toMatchObject({
        key: 'SN',
        value: expect.stringMatching(/^CAM1\d{8}$/),
      });
    }
    expect(shipment?.shipmentLines.find((line) => line.productCode === 'TEE-S')?.sublines).toEqual([]);
  });

  it('ships short and over, with the serial numbers and packages given', () => {
    const body = shipActionSchema.parse({
      shipmentLines: [
        { lineNumber: '1', quantity: 5 },
        {
          productCode: 'CAM-1',
          quantity: 1,
          sublines: [{ quantity: 1, partAttributes: [{ key: 'SN', value: 'X1' }] }],
        },
      ],
      packages: [
        { packageReference: 'P1', packedLines: [{ orderLineReference: '1', quantity: 5 }] },
        { packageReference: 'P2', packedLines: [{ productCode: 'CAM-1', quantity: 1 }], weight: 2 },
      ],
      trackingDetail: { trackingNumber: 'MANUAL1' },
      totalCost: 12.5,
    });
    const shipment = shipShipment(picked(), undefined, body, context).shipments[0];
    expect(shipment?.shipmentLines.map((line) => line.quantity)).toEqual([5, 1]);
    expect(shipment?.shipmentLines[1]?.sublines).toEqual([
      { quantity: 1, partAttributes: [{ key: 'SN', value: 'X1' }] },
    ]);
    expect(
      shipment?.packages.map((pack) => [pack.packageReference, pack.packedLines[0]?.orderLineReference]),
    ).toEqual([
      ['P1', '1'],
      ['P2', '2'],
    ]);
    expect(shipment?.packages[1]?.weight).toBe(2);
    expect(shipment?.trackingDetail).toMatchObject({ carrierCode: 'UPS', trackingNumber: 'MANUAL1' });
    expect(shipment?.totalCost).toBe('12.50');
  });

  it('takes the name and number format of a carrier sent alone, keeping the members sent', () => {
    const ship = (trackingDetail: object) =>
      shipShipment(picked(), undefined, shipActionSchema.parse({ trackingDetail }), context).shipments[0]
        ?.trackingDetail;
    const dhl = ship({ carrierCode: 'DHL' });
    expect(dhl).toMatchObject({ carrierCode: 'DHL', carrierName: 'DHL Express' });
    expect(dhl?.trackingNumber).toMatch(/^\d{10}$/);
    expect(dhl).not.toHaveProperty('serviceLevelCode');
    expect(ship({ carrierCode: 'FEDEX', serviceLevelCode: 'GROUND', trackingNumber: 'T1' })).toEqual({
      carrierCode: 'FEDEX',
      carrierName: 'FedEx',
      serviceLevelCode: 'GROUND',
      trackingNumber: 'T1',
    });
    expect(ship({ carrierCode: 'ACME', carrierName: 'Acme Freight' })).toMatchObject({
      carrierCode: 'ACME',
      carrierName: 'Acme Freight',
      trackingNumber: expect.stringMatching(/^[A-Z0-9]{12}$/),
    });
  });

  it('leaves out lines that did not ship', () => {
    const body = shipActionSchema.parse({ shipmentLines: [{ lineNumber: '2', quantity: 2 }] });
    const shipment = shipShipment(picked(), undefined, body, context).shipments[0];
    expect(shipment?.shipmentLines.map((line) => line.lineNumber)).toEqual(['2']);
  });

  it('spreads lines over packages sent without packed lines', () => {
    const body = shipActionSchema.parse({ packages: [{}, {}] });
    const shipment = shipShipment(picked(), undefined, body, context).shipments[0];
    expect(shipment?.packages.map((pack) => pack.packedLines.map((line) => line.quantity))).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });

  it('never leaves a package empty: units left over go round the packages, too few units are refused', () => {
    const oneEach = [
      { lineNumber: '1', quantity: 1 },
      { lineNumber: '2', quantity: 1 },
    ];
    const spread = shipActionSchema.parse({ shipmentLines: oneEach, packages: [{}, {}] });
    const shipment = shipShipment(picked(), undefined, spread, context).shipments[0];
    expect(shipment?.packages.map((pack) => pack.packedLines.map((line) => line.orderLineReference))).toEqual(
      [['1'], ['2']],
    );
    const problemPaths = (body: unknown) => {
      try {
        shipShipment(picked(), undefined, shipActionSchema.parse(body), context);
        return expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ActionInputError);
        return (error as ActionInputError).problems.map((problem) => problem.path.join('/'));
      }
    };
    expect(problemPaths({ shipmentLines: oneEach, packages: [{}, {}, {}] })).toEqual(['packages/2']);
    expect(
      problemPaths({ packages: [{ packedLines: [{ orderLineReference: '1', quantity: 1 }] }, {}] }),
    ).toEqual(['packages/1']);
  });

  it('names each wrong line, subline total and packed quantity with its path', () => {
    const body = shipActionSchema.parse({
      shipmentLines: [
        { lineNumber: '9', quantity: 1 },
        { lineNumber: '1', quantity: 2, sublines: [{ quantity: 1 }] },
      ],
    });
    try {
      shipShipment(picked(), undefined, body, context);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ActionInputError);
      expect((error as ActionInputError).problems.map((problem) => problem.path.join('/'))).toEqual([
        'shipmentLines/0/lineNumber',
        'shipmentLines/1/sublines',
      ]);
    }
    const overPacked = shipActionSchema.parse({
      shipmentLines: [{ lineNumber: '1', quantity: 1 }],
      packages: [{ packedLines: [{ orderLineReference: '1', quantity: 2 }] }],
    });
    expect(() => shipShipment(picked(), undefined, overPacked, context)).toThrow(
      /hold 2 of line 1, but only 1 ship/,
    );
  });

  it('refuses to ship nothing', () => {
    const body = shipActionSchema.parse({ shipmentLines: [{ lineNumber: '1', quantity: 0 }] });
    expect(() => shipShipment(picked(), undefined, body, context)).toThrow(/Nothing would leave/);
  });

  it('books the carrier of the rate group for a rate-shopped order', () => {
    const carriers = ['ECONOMY', 'STANDARD', 'EXPEDITED'].map((rateGroup) => {
      const order = pickShipment(enteredOrder({ rateGroup, transportDetail: null }), undefined, now);
      return shipShipment(order, undefined, noBody, context).shipments[0]?.trackingDetail;
    });
    expect(carriers.map((tracking) => tracking?.carrierName)).toEqual([
      'USPS Ground Advantage',
      'UPS Ground',
      'FedEx 2Day',
    ]);
    expect(carriers[0]?.trackingNumber).toMatch(/^\d{22}$/);
    expect(carriers[2]?.trackingNumber).toMatch(/^\d{12}$/);
  });

  it('gives the same tracking and serial numbers for the same order reference', () => {
    const first = shipShipment(picked(), undefined, noBody, context);
    const second = shipShipment(picked(), undefined, noBody, testContext());
    expect(second.shipments).toEqual(first.shipments);
  });
});
