// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiveListRow } from '@/contract/index-lists';
import { type Receive, receiveSchema } from '@/contract/receive';
import { formatDayRange } from '@/domain/typed-day';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { type StubbedRequest, stubFetch } from '@/testing/stub-fetch';
import { readReceiveListSearch } from '../model/receive-list-search';
import { ReceiveListPage } from './receive-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Open, its ETA long past: 16 of 10 bolts but 4 of 10 nuts. */
const overAndShort: Receive = receiveSchema.parse({
  id: 'r-1',
  status: 'PRS',
  warehouseCode: 'LAW',
  primaryReference: 'PO-7',
  eta: '2020-01-06',
  receiveLines: [
    { lineNumber: '1', productCode: 'BOLT', quantity: 10 },
    { lineNumber: '2', productCode: 'NUT', quantity: 10 },
  ],
  shipments: [
    {
      id: 's-1',
      status: 'PRS',
      receiveLines: [
        { lineNumber: '1', productCode: 'BOLT', quantity: 16 },
        { lineNumber: '2', productCode: 'NUT', quantity: 4 },
      ],
    },
  ],
});

const row = (reference: string, changes: Partial<ReceiveListRow> = {}): ReceiveListRow => ({
  reference,
  kind: 'receive',
  status: 'FIN',
  state: 'short',
  warehouse: 'LAW',
  sender: 'Acme Supply',
  originalOrder: '',
  reason: '',
  eta: '2026-11-20T00:00:00.000Z',
  finalized: '2026-11-21T09:00:00.000Z',
  updated: '2026-11-21T10:00:00.000Z',
  announced: 30,
  received: 25,
  short: true,
  over: false,
  unitsShort: 5,
  unitsOver: 0,
  ...changes,
});

/** The index list answers with `rows`, the index's record with the first of `receives`; list requests are kept. */
function serve({ rows = [], receives = [] }: { rows?: ReceiveListRow[]; receives?: Receive[] }) {
  const listed: StubbedRequest[] = [];
  stubFetch((request) => {
    if (request.path === '/api/config') return sandboxConsoleConfig;
    if (request.path === '/api/index/receives') {
      listed.push(request);
      return { rows, nextCursor: null, total: rows.length };
    }
    if (request.path.startsWith('/api/index/records/receive/')) {
      return {
        kind: 'receive',
        reference: receives[0]?.primaryReference,
        source: 'webhook',
        asOf: '2026-11-25T12:00:00.000Z',
        updated: null,
        document: receives[0],
      };
    }
    return { receives, nextCursor: null };
  });
  return listed;
}

function renderList(search: Record<string, unknown>) {
  renderInApp(() => (
    <ReceiveListPage search={readReceiveListSearch(search)} cursorRefused={false} onSearchChange={() => {}} />
  ));
}

describe('ReceiveListPage', () => {
  it('asks the index for the completeness filters and the kind, and exports exactly those', async () => {
    const listed = serve({ rows: [row('PO-1')] });
    renderList({ discrepancy: 'short', state: 'short', status: 'FIN', etaFrom: '2026-11-01' });
    const link = await screen.findByRole('link', { name: 'PO-1' });
    expect(Object.fromEntries(listed[0].query)).toEqual({
      kind: 'receive',
      status: 'FIN',
      state: 'short',
      discrepancy: 'short',
      etaFrom: '2026-11-01',
      limit: '25',
    });
    const line = link.closest('tr') as HTMLElement;
    expect(within(line).getByText('Short')).toBeTruthy();
    expect(within(line).getByRole('progressbar', { name: 'Received of PO-1: 25 of 30' })).toBeTruthy();
    expect(within(line).getByText('83%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV (1 row)' }).getAttribute('href')).toBe(
      `/api/index/receives.csv?kind=receive&status=FIN&state=short&discrepancy=short&etaFrom=2026-11-01&timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    );
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
  });

  it('says why a filtered list is empty, with its days in words, and offers to clear the filters, not a new receive', async () => {
    serve({ rows: [] });
    renderList({
      discrepancy: 'any',
      finishedFrom: '2026-12-06',
      finishedTo: '2026-12-12',
      warehouse: 'LAW',
    });
    expect(await screen.findByRole('heading', { name: 'No receives match these filters' })).toBeTruthy();
    expect(screen.getByText(/^The filters ask for:/).textContent).toBe(
      `The filters ask for: short or over; warehouse LAW; finalized ${formatDayRange('2026-12-06', '2026-12-12')}. Widen the dates or clear the filters.`,
    );
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'New receive' })).toHaveLength(1);
  });

  it('shows the supplier, the units short and over, and when it was finalized', async () => {
    serve({
      rows: [
        row('PO-11', { sender: 'Peak Naturals', unitsShort: 5 }),
        row('PO-12', { status: 'PRS', state: 'over', finalized: null, unitsShort: 0, unitsOver: 1250 }),
      ],
    });
    renderList({});
    await screen.findByRole('link', { name: 'PO-11' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    const cellsOf = (reference: string) => {
      const line = screen.getByRole('link', { name: reference }).closest('tr') as HTMLElement;
      const cells = [...line.children].map((cell) => cell.textContent ?? '');
      return (column: string) => cells[headers.findIndex((header) => header.startsWith(column))];
    };
    const short = cellsOf('PO-11');
    expect([short('Supplier'), short('Short'), short('Over')]).toEqual(['Peak Naturals', '5', '—']);
    expect(short('Finalized')).toMatch(/2026/);
    const over = cellsOf('PO-12');
    expect([over('Short'), over('Over'), over('Finalized')]).toEqual(['—', '1,250', '—']);
  });

  it('marks an open receive overdue while goods are still expected', async () => {
    serve({ rows: [row('PO-8', { status: 'PRS', state: 'partial', eta: '2020-01-06T00:00:00.000Z' })] });
    renderList({});
    const line = (await screen.findByRole('link', { name: 'PO-8' })).closest('tr') as HTMLElement;
    expect(within(line).getByText(/^Overdue \d+d$/)).toBeTruthy();
  });

  it('shows the state in words with the status code beside it, and Overdue once when nothing came by the ETA', async () => {
    serve({
      rows: [
        row('PO-9', { status: 'PRS', state: 'awaiting', eta: '2020-01-06T00:00:00.000Z', received: 0 }),
        row('PO-10', {
          status: 'PRS',
          state: 'partial',
          eta: '2999-01-06T00:00:00.000Z',
          received: 12500,
          announced: 20000,
        }),
      ],
    });
    renderList({});
    const awaiting = (await screen.findByRole('link', { name: 'PO-9' })).closest('tr') as HTMLElement;
    expect(within(awaiting).getByText('Awaiting')).toBeTruthy();
    expect(within(awaiting).getAllByText(/Overdue/)).toHaveLength(1);
    expect(within(awaiting).getByText('PRS')).toBeTruthy();
    const partial = screen.getByRole('link', { name: 'PO-10' }).closest('tr') as HTMLElement;
    expect(within(partial).getByText('Partly received')).toBeTruthy();
    expect(within(partial).queryByText(/Overdue/)).toBeNull();
    expect(
      within(partial).getByRole('progressbar', { name: 'Received of PO-10: 12,500 of 20,000' }),
    ).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Partly received' })).toBeTruthy();
  });

  it('finds a receive by reference even when the list was filtered to a completeness it lacks', async () => {
    const listed = serve({ receives: [overAndShort] });
    renderList({ reference: 'PO-7', discrepancy: 'short' });
    const line = (await screen.findByRole('link', { name: 'PO-7' })).closest('tr') as HTMLElement;
    expect(within(line).getByRole('progressbar', { name: 'Received of PO-7: 20 of 20' })).toBeTruthy();
    expect(listed).toEqual([]);
  });

  it('says a reference belongs to the other kind', async () => {
    serve({ receives: [{ ...overAndShort, subtype: 'RET' }] });
    renderList({ reference: 'PO-7' });
    expect(await screen.findByText('It is a return: look among the returns.')).toBeTruthy();
  });
});
