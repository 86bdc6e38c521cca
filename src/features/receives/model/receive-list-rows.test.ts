import { describe, expect, it } from 'vitest';
import { type Receive, receiveSchema } from '../../../contract/receive';
import { pageOfRows, receiveRowsToCsv, selectReceiveRows } from './receive-list-rows';
import { readReceiveListSearch } from './receive-list-search';

/** A receive of one line of 10 that received `got` on a single shipment. */
function receive(reference: string, status: string, got: number, extra: Partial<Receive> = {}): Receive {
  return receiveSchema.parse({
    id: `id-${reference}`,
    status,
    primaryReference: reference,
    warehouseCode: 'LAW',
    dateLastUpdated: '2026-11-20T10:00:00Z',
    receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 10 }],
    shipments: [
      {
        id: `s-${reference}`,
        status,
        receiveLines: got ? [{ lineNumber: '1', productCode: 'BOLT', quantity: got }] : [],
      },
    ],
    ...extra,
  });
}

const receives = [
  receive('PO-A', 'FIN', 6, { dateLastUpdated: '2026-11-21T10:00:00Z' }),
  receive('PO-B', 'FIN', 12, { dateLastUpdated: '2026-11-19T10:00:00Z' }),
  receive('PO-C', 'PRS', 3, { dateLastUpdated: '2026-11-22T10:00:00Z' }),
  receive('RMA-1', 'FIN', 1, { subtype: 'RET' }),
];
const byUpdate = { discrepancy: 'all', sort: 'updated', dir: 'desc' } as const;

describe('selectReceiveRows', () => {
  it('keeps returns out of the receives list and receives out of the returns list', () => {
    expect(
      selectReceiveRows(receives, byUpdate, 'receives').map((row) => row.receive.primaryReference),
    ).toEqual(['PO-C', 'PO-A', 'PO-B']);
    expect(
      selectReceiveRows(receives, byUpdate, 'returns').map((row) => row.receive.primaryReference),
    ).toEqual(['RMA-1']);
  });

  it('filters to short, over, or either', () => {
    const pick = (discrepancy: 'short' | 'over' | 'short-or-over') =>
      selectReceiveRows(receives, { ...byUpdate, discrepancy }, 'receives').map(
        (row) => row.receive.primaryReference,
      );
    expect(pick('short')).toEqual(['PO-A']);
    expect(pick('over')).toEqual(['PO-B']);
    expect(pick('short-or-over')).toEqual(['PO-A', 'PO-B']);
  });

  it('sorts by completeness either way, breaking ties by reference', () => {
    const rows = selectReceiveRows(
      receives,
      { discrepancy: 'all', sort: 'percentage', dir: 'asc' },
      'receives',
    );
    expect(rows.map((row) => [row.receive.primaryReference, Math.round(row.percentage)])).toEqual([
      ['PO-C', 30],
      ['PO-A', 60],
      ['PO-B', 100],
    ]);
    const references = selectReceiveRows(
      receives,
      { discrepancy: 'all', sort: 'reference', dir: 'desc' },
      'receives',
    );
    expect(references.map((row) => row.receive.primaryReference)).toEqual(['PO-C', 'PO-B', 'PO-A']);
  });
});

describe('pageOfRows', () => {
  it('slices a page and clamps a page past the end to the last one', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOfRows(items, 2, 10)).toEqual({
      rows: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      page: 2,
      pageCount: 3,
    });
    expect(pageOfRows(items, 9, 10)).toMatchObject({ rows: [20, 21, 22], page: 3 });
    expect(pageOfRows([], 1, 10)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});

describe('receiveRowsToCsv', () => {
  it('writes the agreed columns for each row, quoting where needed', () => {
    const rows = selectReceiveRows(
      [receive('PO-A', 'FIN', 6, { secondaryReference: 'ASN 7, dock "B"', eta: '2026-11-18' })],
      byUpdate,
      'receives',
    );
    expect(receiveRowsToCsv(rows).split('\r\n')).toEqual([
      'reference,secondary reference,warehouse,status,state,announced,received,percentage,ETA,last updated',
      'PO-A,"ASN 7, dock ""B""",LAW,FIN,short,10,6,60,2026-11-18,2026-11-20T10:00:00Z',
      '',
    ]);
  });
});

describe('readReceiveListSearch', () => {
  it('fills defaults and replaces bad values instead of failing', () => {
    expect(readReceiveListSearch({})).toEqual({
      status: 'all',
      discrepancy: 'all',
      sort: 'updated',
      dir: 'desc',
      page: 1,
      pageSize: 25,
    });
    expect(
      readReceiveListSearch({
        status: 'lost',
        page: -4,
        pageSize: 7,
        from: 'yesterday',
        sort: 'color',
      }),
    ).toMatchObject({ status: 'all', page: 1, pageSize: 25, from: undefined, sort: 'updated' });
    expect(
      readReceiveListSearch({
        status: 'finalized',
        discrepancy: 'short',
        page: '3',
        from: '2026-11-01',
      }),
    ).toMatchObject({ status: 'finalized', discrepancy: 'short', page: 3, from: '2026-11-01' });
    expect(
      readReceiveListSearch({ reference: '  PO-7 ', pageSize: '50', to: '2026-02-30', dir: 'asc' }),
    ).toMatchObject({
      reference: 'PO-7',
      pageSize: 50,
      to: undefined,
      dir: 'asc',
    });
  });
});
