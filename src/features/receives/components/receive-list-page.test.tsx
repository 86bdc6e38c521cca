// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Receive, receiveSchema } from '../../../contract/receive';
import { renderInApp } from '../../../testing/render-in-app';
import { stubFetch } from '../../../testing/stub-fetch';
import { type ReceiveListSearch, readReceiveListSearch } from '../model/receive-list-search';
import { ReceiveListPage } from './receive-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Open, its ETA long past: 16 of 10 bolts but 4 of 10 nuts, so as many units arrived as were announced. */
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

/** Every listing answers with the receives given, and the index has the first of them. */
function serve(receives: Receive[]) {
  stubFetch(({ path }) =>
    path.startsWith('/api/index/records/receive/')
      ? {
          kind: 'receive',
          reference: receives[0]?.primaryReference,
          source: 'webhook',
          asOf: '2026-11-25T12:00:00.000Z',
          updated: null,
          document: receives[0],
        }
      : { receives, nextCursor: null },
  );
}

function renderList(search: Partial<ReceiveListSearch>) {
  renderInApp(() => (
    <ReceiveListPage kind="receives" search={readReceiveListSearch(search)} onSearchChange={() => {}} />
  ));
}

describe('ReceiveListPage', () => {
  it('finds a receive by reference even when the list was filtered to a completeness it lacks', async () => {
    serve([overAndShort]);
    // Open, so no line is short yet: the hidden "short only" filter would drop it.
    renderList({ reference: 'PO-7', discrepancy: 'short' });
    expect(await screen.findByRole('link', { name: 'PO-7' })).toBeTruthy();
  });

  it('marks an open receive overdue while a line is short, though another line is over', async () => {
    serve([overAndShort]);
    renderList({});
    const row = (await screen.findByRole('link', { name: 'PO-7' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^Overdue \d+d$/)).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: 'Received of PO-7: 14 of 20' })).toBeTruthy();
  });
});
