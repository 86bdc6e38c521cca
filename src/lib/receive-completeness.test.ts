import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Receive, receiveSchema } from '../contract/receive';
import { computeReceiveCompleteness, displayPercentage, isStillExpected } from './receive-completeness';

type ShipmentLineSketch = {
  lineNumber?: string | number;
  externalLineReference?: string;
  productCode: string;
  quantity: number;
  sublines?: { quantity: number; partAttributes: { key: string; value: string }[] }[];
};

/** Builds a receive through the contract's schema, so fixtures have exactly the parsed shape. */
function receive(
  status: string,
  lines: { lineNumber?: string; externalLineReference?: string; productCode: string; quantity: number }[],
  shipments: { id?: string; status: string; receiveLines: ShipmentLineSketch[] }[] = [],
): Receive {
  return receiveSchema.parse({
    id: 'r1',
    status,
    primaryReference: 'PO-1',
    receiveLines: lines,
    shipments: shipments.map((shipment, index) => ({ id: shipment.id ?? `s${index + 1}`, ...shipment })),
  });
}

const twoLines = [
  { lineNumber: '1', productCode: 'BOLT', quantity: 10 },
  { lineNumber: '2', productCode: 'NUT', quantity: 20 },
];

describe('computeReceiveCompleteness', () => {
  it('reads a receive with nothing received yet as awaiting at 0%', () => {
    const result = computeReceiveCompleteness(
      receive('PRS', twoLines, [{ status: 'PRS', receiveLines: [] }]),
    );
    expect(result.lines.map((line) => [line.productCode, line.received, line.state])).toEqual([
      ['BOLT', 0, 'awaiting'],
      ['NUT', 0, 'awaiting'],
    ]);
    expect(result.percentage).toBe(0);
    expect(result.state).toBe('awaiting');
  });

  it('marks an open receive that got some goods as partial, line by line', () => {
    const result = computeReceiveCompleteness(
      receive('PRS', twoLines, [
        { status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 4 }] },
      ]),
    );
    expect(result.lines.map((line) => line.state)).toEqual(['partial', 'awaiting']);
    expect(result.lines[0].difference).toBe(-6);
    expect(result.state).toBe('partial');
    expect(result.percentage).toBeCloseTo((4 / 30) * 100);
  });

  it('sums a line over several shipments', () => {
    const result = computeReceiveCompleteness(
      receive('PRS', twoLines, [
        { status: 'FIN', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 6 }] },
        {
          status: 'PRS',
          receiveLines: [
            { lineNumber: '1', productCode: 'BOLT', quantity: 4 },
            { lineNumber: '2', productCode: 'NUT', quantity: 20 },
          ],
        },
      ]),
    );
    expect(result.lines.map((line) => [line.received, line.state])).toEqual([
      [10, 'complete'],
      [20, 'complete'],
    ]);
    expect(result.state).toBe('complete');
    expect(result.percentage).toBe(100);
    expect(result.received).toBe(30);
  });

  it('leaves canceled shipments out of what was received', () => {
    const result = computeReceiveCompleteness(
      receive('PRS', twoLines, [
        { status: 'CAN', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 10 }] },
        { status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 3 }] },
      ]),
    );
    expect(result.lines[0].received).toBe(3);
    expect(result.lines[0].state).toBe('partial');
  });

  it('calls a finalized receive with less than announced short, including lines that got nothing', () => {
    const result = computeReceiveCompleteness(
      receive('FIN', twoLines, [
        {
          status: 'FIN',
          receiveLines: [
            { lineNumber: '1', productCode: 'BOLT', quantity: 10 },
            { lineNumber: '2', productCode: 'NUT', quantity: 15 },
          ],
        },
      ]),
    );
    expect(result.lines.map((line) => [line.state, line.difference])).toEqual([
      ['complete', 0],
      ['short', -5],
    ]);
    expect(result.state).toBe('short');
    expect(result.percentage).toBeCloseTo((25 / 30) * 100);

    const nothing = computeReceiveCompleteness(
      receive('FIN', twoLines, [{ status: 'FIN', receiveLines: [] }]),
    );
    expect(nothing.lines.map((line) => line.state)).toEqual(['short', 'short']);
  });

  it('calls more than announced over, open or finalized, and caps the percentage per line', () => {
    const shipments = [
      {
        status: 'FIN',
        receiveLines: [
          { lineNumber: '1', productCode: 'BOLT', quantity: 14 },
          { lineNumber: '2', productCode: 'NUT', quantity: 10 },
        ],
      },
    ];
    const open = computeReceiveCompleteness(receive('PRS', twoLines, shipments));
    expect(open.lines.map((line) => line.state)).toEqual(['over', 'partial']);
    expect(open.state).toBe('over');
    // 14 of 10 bolts count as 10: the excess does not make up for the missing nuts.
    expect(open.percentage).toBeCloseTo((20 / 30) * 100);
    expect([open.received, open.receivedOfAnnounced]).toEqual([24, 20]);

    const finalized = computeReceiveCompleteness(receive('FIN', twoLines, shipments));
    expect(finalized.lines.map((line) => [line.state, line.difference])).toEqual([
      ['over', 4],
      ['short', -10],
    ]);
    expect(finalized.state).toBe('short');
  });

  it('matches by line number first, then external reference, then product code', () => {
    const lines = [
      { lineNumber: '1', externalLineReference: 'A', productCode: 'BOLT', quantity: 5 },
      { lineNumber: '2', externalLineReference: 'B', productCode: 'BOLT', quantity: 5 },
      { lineNumber: '3', productCode: 'NUT', quantity: 5 },
    ];
    const result = computeReceiveCompleteness(
      receive('PRS', lines, [
        {
          status: 'PRS',
          receiveLines: [
            // numeric line number in the response still matches "2"
            { lineNumber: 2, externalLineReference: 'A', productCode: 'BOLT', quantity: 1 },
            { externalLineReference: 'A', productCode: 'BOLT', quantity: 2 },
            { productCode: 'NUT', quantity: 3 },
            { lineNumber: '99', externalLineReference: 'B', productCode: 'BOLT', quantity: 4 },
          ],
        },
      ]),
    );
    expect(result.lines.map((line) => line.received)).toEqual([2, 5, 3]);
  });

  it('fills lines of the same product in order when a shipment line names none, the excess going to the last', () => {
    const bolts = [
      { lineNumber: '1', productCode: 'BOLT', quantity: 5 },
      { lineNumber: '2', productCode: 'BOLT', quantity: 5 },
    ];
    const unnamed = (quantity: number) =>
      receive('FIN', bolts, [{ status: 'FIN', receiveLines: [{ productCode: 'BOLT', quantity }] }]);
    expect(computeReceiveCompleteness(unnamed(10)).lines.map((line) => [line.received, line.state])).toEqual([
      [5, 'complete'],
      [5, 'complete'],
    ]);
    expect(computeReceiveCompleteness(unnamed(12)).lines.map((line) => [line.received, line.state])).toEqual([
      [5, 'complete'],
      [7, 'over'],
    ]);
    expect(computeReceiveCompleteness(unnamed(3)).lines.map((line) => [line.received, line.state])).toEqual([
      [3, 'short'],
      [0, 'short'],
    ]);
  });

  it('fills around what named shipment lines already brought, whatever the shipment order', () => {
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [
          { lineNumber: '1', productCode: 'BOLT', quantity: 5 },
          { lineNumber: '2', productCode: 'BOLT', quantity: 5 },
        ],
        [
          { status: 'PRS', receiveLines: [{ productCode: 'BOLT', quantity: 6 }] },
          { status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 4 }] },
        ],
      ),
    );
    expect(result.lines.map((line) => [line.received, line.state])).toEqual([
      [5, 'complete'],
      [5, 'complete'],
    ]);
  });

  it('hands the sublines of a shipment line spread over several lines to the line their units fell on', () => {
    const serial = (value: string) => ({ quantity: 1, partAttributes: [{ key: 'SN', value }] });
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [
          { lineNumber: '1', productCode: 'CAM', quantity: 2 },
          { lineNumber: '2', productCode: 'CAM', quantity: 2 },
        ],
        [
          {
            status: 'PRS',
            receiveLines: [
              { productCode: 'CAM', quantity: 3, sublines: [serial('S1'), serial('S2'), serial('S3')] },
            ],
          },
        ],
      ),
    );
    expect(
      result.lines.map((line) => line.sublines.map((subline) => subline.partAttributes[0].value)),
    ).toEqual([['S1', 'S2'], ['S3']]);
  });

  it('ignores a line number or reference that points at another product', () => {
    // An upstream that numbers shipment lines per shipment: line 1 of the shipment is the NUT line here.
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [
          { lineNumber: '1', externalLineReference: 'A', productCode: 'BOLT', quantity: 5 },
          { lineNumber: '2', externalLineReference: 'B', productCode: 'NUT', quantity: 5 },
        ],
        [
          {
            status: 'PRS',
            receiveLines: [
              { lineNumber: '1', productCode: 'NUT', quantity: 3 },
              { lineNumber: '2', externalLineReference: 'B', productCode: 'BOLT', quantity: 4 },
            ],
          },
        ],
      ),
    );
    expect(result.lines.map((line) => [line.productCode, line.received])).toEqual([
      ['BOLT', 4],
      ['NUT', 3],
    ]);
    expect(result.lines.some((line) => line.unannounced)).toBe(false);
  });

  it('gathers sublines per line with their shipment, without counting them twice', () => {
    const serial = (value: string) => ({ quantity: 1, partAttributes: [{ key: 'SN', value }] });
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [{ lineNumber: '1', productCode: 'CAM', quantity: 3 }],
        [
          {
            id: 'a',
            status: 'FIN',
            receiveLines: [
              { lineNumber: '1', productCode: 'CAM', quantity: 2, sublines: [serial('S1'), serial('S2')] },
            ],
          },
          {
            id: 'b',
            status: 'CAN',
            receiveLines: [{ lineNumber: '1', productCode: 'CAM', quantity: 1, sublines: [serial('S9')] }],
          },
          {
            id: 'c',
            status: 'PRS',
            receiveLines: [{ lineNumber: '1', productCode: 'CAM', quantity: 1, sublines: [serial('S3')] }],
          },
        ],
      ),
    );
    const [line] = result.lines;
    expect(line.received).toBe(3);
    expect(line.state).toBe('complete');
    expect(line.sublines.map((subline) => [subline.shipmentId, subline.partAttributes[0].value])).toEqual([
      ['a', 'S1'],
      ['a', 'S2'],
      ['c', 'S3'],
    ]);
  });

  it('lists goods that match no announced line as unannounced and over', () => {
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [{ lineNumber: '1', productCode: 'BOLT', quantity: 5 }],
        [
          {
            status: 'PRS',
            receiveLines: [
              { lineNumber: '1', productCode: 'BOLT', quantity: 5 },
              { lineNumber: '7', productCode: 'WASHER', quantity: 2 },
              { productCode: 'WASHER', quantity: 1 },
            ],
          },
        ],
      ),
    );
    expect(
      result.lines.map((line) => [
        line.productCode,
        line.announced,
        line.received,
        line.state,
        line.unannounced,
      ]),
    ).toEqual([
      ['BOLT', 5, 5, 'complete', false],
      ['WASHER', 0, 3, 'over', true],
    ]);
    expect(result.state).toBe('over');
    expect(result.percentage).toBe(100);
  });

  it('shows every line of a canceled receive as canceled', () => {
    const result = computeReceiveCompleteness(
      receive('CAN', twoLines, [
        { status: 'CAN', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 2 }] },
      ]),
    );
    expect(result.lines.map((line) => line.state)).toEqual(['canceled', 'canceled']);
    expect(result.state).toBe('canceled');
    expect(result.received).toBe(0);
  });

  it('handles a receive with no lines without dividing by zero', () => {
    const result = computeReceiveCompleteness(receive('PRS', []));
    expect(result.percentage).toBe(0);
    expect(result.state).toBe('awaiting');
  });

  it('counts fractional quantities exactly enough to call them complete', () => {
    const result = computeReceiveCompleteness(
      receive(
        'PRS',
        [{ lineNumber: '1', productCode: 'ROPE', quantity: 2.5 }],
        [{ status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'ROPE', quantity: 2.5 }] }],
      ),
    );
    expect(result.state).toBe('complete');
  });

  it('sums fractions across shipments without float noise (0.1 + 0.2 of 0.3 is complete)', () => {
    const result = computeReceiveCompleteness(
      receive(
        'FIN',
        [
          { lineNumber: '1', productCode: 'ROPE', quantity: 0.3 },
          { lineNumber: '2', productCode: 'WIRE', quantity: 0.7 },
        ],
        [
          {
            status: 'FIN',
            receiveLines: [
              { lineNumber: '1', productCode: 'ROPE', quantity: 0.1 },
              { productCode: 'WIRE', quantity: 0.1 },
            ],
          },
          {
            status: 'FIN',
            receiveLines: [
              { lineNumber: '1', productCode: 'ROPE', quantity: 0.2 },
              { productCode: 'WIRE', quantity: 0.6 },
            ],
          },
        ],
      ),
    );
    expect(result.lines.map((line) => [line.received, line.difference, line.state])).toEqual([
      [0.3, 0, 'complete'],
      [0.7, 0, 'complete'],
    ]);
    expect([result.received, result.receivedOfAnnounced, result.announced]).toEqual([1, 1, 1]);
    expect(result.percentage).toBe(100);
    expect(result.state).toBe('complete');
  });
});

describe('isStillExpected', () => {
  it('keeps an open receive expected while a line is short, even when another is over', () => {
    const overAndShort = computeReceiveCompleteness(
      receive('PRS', twoLines, [
        {
          status: 'PRS',
          receiveLines: [
            { lineNumber: '1', productCode: 'BOLT', quantity: 25 },
            { lineNumber: '2', productCode: 'NUT', quantity: 10 },
          ],
        },
      ]),
    );
    expect(overAndShort.received).toBeGreaterThan(overAndShort.announced);
    expect(isStillExpected('PRS', overAndShort)).toBe(true);
    expect(isStillExpected('FIN', overAndShort)).toBe(false);
    const complete = computeReceiveCompleteness(
      receive('PRS', twoLines, [
        {
          status: 'PRS',
          receiveLines: [
            { lineNumber: '1', productCode: 'BOLT', quantity: 10 },
            { lineNumber: '2', productCode: 'NUT', quantity: 20 },
          ],
        },
      ]),
    );
    expect(isStillExpected('PRS', complete)).toBe(false);
  });
});

describe('displayPercentage', () => {
  it('rounds, but never shows 100 while something is missing', () => {
    expect(displayPercentage(99.7)).toBe(99);
    expect(displayPercentage(100)).toBe(100);
    expect(displayPercentage(33.4)).toBe(33);
    expect(displayPercentage(0)).toBe(0);
  });
});

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
      receive(
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
