// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderListRow } from '@/contract/index-lists';
import { localDay } from '@/domain/local-day';
import { markRecentChange } from '@/lib/recent-changes';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { type StubbedRequest, stubFetch } from '@/testing/stub-fetch';
import { type OrderListSearch, readOrderListSearch } from '../model/order-list-search';
import { OrderList } from './order-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (reference: string, changes: Partial<OrderListRow> = {}): OrderListRow => ({
  reference,
  kind: 'order',
  status: 'PRS',
  state: 'picking',
  late: false,
  warehouse: 'LAW',
  customer: 'Dana Reyes',
  shipBy: '2026-11-20T00:00:00.000Z',
  updated: '2026-11-18T10:00:00.000Z',
  ordered: 2,
  shipped: 0,
  short: false,
  over: false,
  ...changes,
});

/** Answers the list with `rows`, `total` and a next page; keeps the list requests to read their queries. */
function serve(rows: OrderListRow[], total = rows.length) {
  const asked: StubbedRequest[] = [];
  stubFetch((request) => {
    if (request.path === '/api/config') return sandboxConsoleConfig;
    asked.push(request);
    return { rows, nextCursor: 'next-1', total };
  });
  return asked;
}

function renderList(search: Record<string, unknown>) {
  const read: OrderListSearch = readOrderListSearch(search);
  return renderInApp(() => <OrderList search={read} cursorRefused={false} />);
}

/** The list as its route holds it; `show` stands for a new search in the URL. */
let show: (search: OrderListSearch) => void = () => {};
function Holder() {
  const [search, setSearch] = useState(readOrderListSearch({}));
  show = setSearch;
  return <OrderList search={search} cursorRefused={false} />;
}

describe('OrderList', () => {
  it('shows what support needs of each order, a visible Late flag, and where the page is of the total', async () => {
    serve([row('SO-1', { late: true, state: 'held' }), row('SO-2', { customer: '', shipBy: null })], 1234);
    renderList({});
    const late = (await screen.findByRole('link', { name: 'SO-1' })).closest('tr') as HTMLElement;
    expect(within(late).getByText('Late')).toBeTruthy();
    expect(within(late).getByText('On hold')).toBeTruthy();
    expect(within(late).getByText('PRS')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'On hold' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Held' })).toBeNull();
    expect(within(late).getByText('Dana Reyes')).toBeTruthy();
    expect(within(late).getByText('LAW')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'SO-2' }).closest('tr') as HTMLElement;
    expect(within(other).queryByText('Late')).toBeNull();
    expect(screen.getByText('1–2 of 1,234')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' })).toBeTruthy();
  });

  it('asks the server for exactly the filters in the URL, and exports with the same', async () => {
    const asked = serve([row('SO-1')]);
    renderList({
      state: 'held',
      late: 'true',
      shipByFrom: '2026-11-01',
      shipByTo: '2026-11-30',
      sort: 'shipBy',
    });
    await screen.findByRole('link', { name: 'SO-1' });
    const query = asked[0].query;
    expect(asked[0].path).toBe('/api/index/orders');
    // Late as of the reader's day, which the browser sends along.
    const today = localDay(new Date());
    expect(Object.fromEntries(query)).toEqual({
      state: 'held',
      late: 'true',
      today,
      shipByFrom: '2026-11-01',
      shipByTo: '2026-11-30',
      sort: 'shipBy',
      limit: '25',
    });
    // Times in the files are the reader's: the page sends its time zone.
    const sent = `state=held&late=true&today=${today}&shipByFrom=2026-11-01&shipByTo=2026-11-30&sort=shipBy&timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
    const exportLink = screen.getByRole('link', { name: 'Export CSV (1 row)' });
    expect(exportLink.getAttribute('href')).toBe(`/api/index/orders.csv?${sent}`);
    expect(screen.getByRole('link', { name: 'Export to Excel (1 row)' }).getAttribute('href')).toBe(
      `/api/index/orders.xlsx?${sent}`,
    );
    expect(screen.getByRole('columnheader', { name: /Ship by/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('marks a row for a moment when the server pushes a change of its order', async () => {
    serve([row('SO-1'), row('SO-2')]);
    renderList({});
    const changed = (await screen.findByRole('link', { name: 'SO-2' })).closest('tr') as HTMLElement;
    expect(changed.dataset.recentlyChanged).toBeUndefined();
    act(() => markRecentChange('order', 'SO-2'));
    expect(changed.dataset.recentlyChanged).toBe('true');
    expect(within(changed).getByText('(updated)')).toBeTruthy();
    const unchanged = screen.getByRole('link', { name: 'SO-1' }).closest('tr') as HTMLElement;
    expect(unchanged.dataset.recentlyChanged).toBeUndefined();
  });

  it('says when no order matches the filters, and offers to clear them there', async () => {
    serve([]);
    renderList({ state: 'canceled' });
    expect(await screen.findByRole('heading', { name: 'No order matches these filters' })).toBeTruthy();
    // Above the list and in its empty state.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(2);
  });

  it('keeps the rows on screen, with a quiet note, while another filter loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch(async (request) => {
      if (request.path === '/api/config') return sandboxConsoleConfig;
      if (request.query.get('state') !== 'held') return { rows: [row('SO-1')], nextCursor: null, total: 1 };
      await held;
      return { rows: [row('SO-9', { state: 'held' })], nextCursor: null, total: 1 };
    });
    renderInApp(() => <Holder />);
    await screen.findByRole('link', { name: 'SO-1' });
    act(() => show(readOrderListSearch({ state: 'held' })));
    expect(await screen.findByText('Loading orders…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SO-1' })).toBeTruthy();
    release();
    expect(await screen.findByRole('link', { name: 'SO-9' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'SO-1' })).toBeNull();
    expect(screen.queryByText('Loading orders…')).toBeNull();
  });
});
