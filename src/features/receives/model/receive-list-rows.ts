import type { Receive } from '../../../contract/receive';
import {
  type CompletenessState,
  computeReceiveCompleteness,
  displayPercentage,
} from '../../../lib/receive-completeness';
import { buildCsv } from './csv';
import type { DiscrepancyFilter, ReceiveListSearch, ReceiveSortKey } from './receive-list-search';

export type ReceiveListRow = {
  receive: Receive;
  announced: number;
  received: number;
  receivedOfAnnounced: number;
  percentage: number;
  state: CompletenessState;
  hasShortLine: boolean;
  hasOverLine: boolean;
};

function toReceiveListRow(receive: Receive): ReceiveListRow {
  const completeness = computeReceiveCompleteness(receive);
  return {
    receive,
    announced: completeness.announced,
    received: completeness.received,
    receivedOfAnnounced: completeness.receivedOfAnnounced,
    percentage: completeness.percentage,
    state: completeness.state,
    hasShortLine: completeness.lines.some((line) => line.state === 'short'),
    hasOverLine: completeness.lines.some((line) => line.state === 'over'),
  };
}

/** Short and over look at lines, so a receive short on one line and over on another passes both. */
function matchesDiscrepancy(row: ReceiveListRow, filter: DiscrepancyFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'short':
      return row.hasShortLine;
    case 'over':
      return row.hasOverLine;
    case 'short-or-over':
      return row.hasShortLine || row.hasOverLine;
  }
}

const statusOrder: Record<string, number> = { PRS: 0, FIN: 1, CAN: 2 };

function sortValue(row: ReceiveListRow, key: ReceiveSortKey): string | number {
  const { receive } = row;
  switch (key) {
    case 'reference':
      return receive.primaryReference.toLowerCase();
    case 'warehouse':
      return receive.warehouseCode ?? '';
    case 'status':
      return statusOrder[receive.status] ?? 3;
    case 'percentage':
      return row.percentage;
    case 'eta':
      return receive.eta ? Date.parse(receive.eta) || 0 : 0;
    case 'updated':
      return receive.dateLastUpdated ? Date.parse(receive.dateLastUpdated) || 0 : 0;
  }
}

/** Receives or returns only, as the page asks: the interface lists both together. */
export function isReturn(receive: Receive): boolean {
  return receive.subtype === 'RET';
}

/** Applies the client-side part of the filters (kind, short/over) and the sort; the reference breaks ties. */
export function selectReceiveRows(
  receives: Receive[],
  search: Pick<ReceiveListSearch, 'discrepancy' | 'sort' | 'dir'>,
  kind: 'receives' | 'returns',
): ReceiveListRow[] {
  const direction = search.dir === 'asc' ? 1 : -1;
  return receives
    .filter((receive) => isReturn(receive) === (kind === 'returns'))
    .map(toReceiveListRow)
    .filter((row) => matchesDiscrepancy(row, search.discrepancy))
    .sort((a, b) => {
      const left = sortValue(a, search.sort);
      const right = sortValue(b, search.sort);
      if (left < right) return -direction;
      if (left > right) return direction;
      return a.receive.primaryReference.localeCompare(b.receive.primaryReference);
    });
}

export function pageOfRows<T>(
  rows: T[],
  page: number,
  pageSize: number,
): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount);
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount };
}

const receiveCsvHeader = [
  'reference',
  'secondary reference',
  'warehouse',
  'status',
  'state',
  'announced',
  'received',
  'percentage',
  'ETA',
  'last updated',
];

/** The CSV of exactly the rows given (all filtered rows, not only the page shown). */
export function receiveRowsToCsv(rows: ReceiveListRow[]): string {
  return buildCsv(
    receiveCsvHeader,
    rows.map((row) => [
      row.receive.primaryReference,
      row.receive.secondaryReference,
      row.receive.warehouseCode,
      row.receive.status,
      row.state,
      row.announced,
      row.received,
      displayPercentage(row.percentage),
      row.receive.eta ?? undefined,
      row.receive.dateLastUpdated,
    ]),
  );
}
