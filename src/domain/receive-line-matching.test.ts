import { describe, expect, it } from 'vitest';
import { buildReceive } from '../testing/receive-fixtures';
import { computeReceiveCompleteness } from './receive-completeness';

const serial = (value: string) => ({ quantity: 1, partAttributes: [{ key: 'SN', value }] });

describe('computeReceiveCompleteness', () => {
  it('matches by line number first, then external reference, then product code', () => {
    const lines = [
      { lineNumber: '1', externalLineReference: 'A', productCode: 'BOLT', quantity: 5 },
      { lineNumber: '2', externalLineReference: 'B', productCode: 'BOLT', quantity: 5 },
      { lineNumber: '3', productCode: 'NUT', quantity: 5 },
    ];
    const result = computeReceiveCompleteness(
      buildReceive('PRS', lines, [
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
      buildReceive('FIN', bolts, [{ status: 'FIN', receiveLines: [{ productCode: 'BOLT', quantity }] }]);
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
      buildReceive(
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
    const result = computeReceiveCompleteness(
      buildReceive(
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
      buildReceive(
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
    const result = computeReceiveCompleteness(
      buildReceive(
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
      buildReceive(
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
});
