// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiveListRow } from '@/contract/index-lists';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { buildReceive } from '@/testing/receive-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { type StubbedRequest, stubFetch } from '@/testing/stub-fetch';
import { readReceiveListSearch } from '../model/receive-list-search';
import { ReturnListPage } from './return-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const awaitingReturn: ReceiveListRow = {
  reference: 'RMA-5',
  kind: 'return',
  status: 'PRS',
  state: 'awaiting',
  warehouse: 'LAW',
  sender: 'Dana Reyes',
  originalOrder: 'SO-1001',
  reason: 'Damaged',
  eta: '2999-01-06T00:00:00.000Z',
  finalized: null,
  updated: '2026-11-21T10:00:00.000Z',
  announced: 2,
  received: 0,
  short: false,
  over: false,
  unitsShort: 0,
  unitsOver: 0,
};

function serve(answerRecord: () => object = () => ({})) {
  const listed: StubbedRequest[] = [];
  stubFetch((request) => {
    if (request.path === '/api/config') return sandboxConsoleConfig;
    if (request.path === '/api/index/receives') {
      listed.push(request);
      return { rows: [awaitingReturn], nextCursor: null, total: 1 };
    }
    return answerRecord();
  });
  return listed;
}

function renderList(search: Record<string, unknown>) {
  renderInApp(() => (
    <ReturnListPage search={readReceiveListSearch(search)} cursorRefused={false} onSearchChange={() => {}} />
  ));
}

describe('ReturnListPage', () => {
  it('lists returns from the index with customer, original order, reason and state in words', async () => {
    const listed = serve();
    renderList({});
    const line = (await screen.findByRole('link', { name: 'RMA-5' })).closest('tr') as HTMLElement;
    expect(listed[0]?.query.get('kind')).toBe('return');
    expect(within(line).getByText('Dana Reyes')).toBeTruthy();
    expect(within(line).getByRole('link', { name: 'SO-1001' }).getAttribute('href')).toBe('/orders/SO-1001');
    expect(within(line).getByText('Damaged')).toBeTruthy();
    expect(within(line).getByText('Awaiting')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Original order' })).toBeTruthy();
  });

  it('says a reference belongs to a receive', async () => {
    const receive = {
      ...buildReceive('PRS', [{ productCode: 'BOLT', quantity: 1 }]),
      primaryReference: 'PO-7',
    };
    serve(() => ({
      kind: 'receive',
      reference: 'PO-7',
      source: 'sync',
      asOf: '2026-11-25T12:00:00.000Z',
      updated: null,
      document: receive,
    }));
    renderList({ reference: 'PO-7' });
    expect(await screen.findByText('It is a receive: look among the receives.')).toBeTruthy();
  });
});
