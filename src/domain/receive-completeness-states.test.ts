import { describe, expect, it } from 'vitest';
import { buildReceive } from '../testing/receive-fixtures';
import { computeReceiveCompleteness, displayPercentage, isStillExpected } from './receive-completeness';

const twoLines = [
  { lineNumber: '1', productCode: 'BOLT', quantity: 10 },
  { lineNumber: '2', productCode: 'NUT', quantity: 20 },
];
describe('computeReceiveCompleteness', () => {
  it('reads a receive with nothing received yet as awaiting at 0%', () => {
    const result = computeReceiveCompleteness(
      buildReceive('PRS', twoLines, [{ status: 'PRS', receiveLines: [] }]),
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
      buildReceive('PRS', twoLines, [
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
      buildReceive('PRS', twoLines, [
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
      buildReceive('PRS', twoLines, [
        { status: 'CAN', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 10 }] },
        { status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 3 }] },
      ]),
    );
    expect(result.lines[0].received).toBe(3);
    expect(result.lines[0].state).toBe('partial');
  });

  it('calls a finalized receive with less than announced short, including lines that got nothing', () => {
    const result = computeReceiveCompleteness(
      buildReceive('FIN', twoLines, [
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
      buildReceive('FIN', twoLines, [{ status: 'FIN', receiveLines: [] }]),
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
    const open = computeReceiveCompleteness(buildReceive('PRS', twoLines, shipments));
    expect(open.lines.map((line) => line.state)).toEqual(['over', 'partial']);
    expect(open.state).toBe('over');
    // 14 of 10 bolts count as 10: the excess does not make up for the missing nuts.
    expect(open.percentage).toBeCloseTo((20 / 30) * 100);
    expect([open.received, open.receivedOfAnnounced]).toEqual([24, 20]);

    const finalized = computeReceiveCompleteness(buildReceive('FIN', twoLines, shipments));
    expect(finalized.lines.map((line) => [line.state, line.difference])).toEqual([
      ['over', 4],
      ['short', -10],
    ]);
    expect(finalized.state).toBe('short');
  });
  it('shows every line of a canceled receive as canceled', () => {
    const result = computeReceiveCompleteness(
      buildReceive('CAN', twoLines, [
        { status: 'CAN', receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 2 }] },
      ]),
    );
    expect(result.lines.map((line) => line.state)).toEqual(['canceled', 'canceled']);
    expect(result.state).toBe('canceled');
    expect(result.received).toBe(0);
  });

  it('handles a receive with no lines without dividing by zero', () => {
    const result = computeReceiveCompleteness(buildReceive('PRS', []));
    expect(result.percentage).toBe(0);
    expect(result.state).toBe('awaiting');
  });

  it('counts fractional quantities exactly enough to call them complete', () => {
    const result = computeReceiveCompleteness(
      buildReceive(
        'PRS',
        [{ lineNumber: '1', productCode: 'ROPE', quantity: 2.5 }],
        [{ status: 'PRS', receiveLines: [{ lineNumber: '1', productCode: 'ROPE', quantity: 2.5 }] }],
      ),
    );
    expect(result.state).toBe('complete');
  });

  it('sums fractions across shipments without float noise (0.1 + 0.2 of 0.3 is complete)', () => {
    const result = computeReceiveCompleteness(
      buildReceive(
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
      buildReceive('PRS', twoLines, [
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
      buildReceive('PRS', twoLines, [
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
