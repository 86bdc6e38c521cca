// @vitest-environment jsdom
import { QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { warehouseReachQueryKey } from '@/lib/warehouse-reach';
import { renderInApp } from '@/testing/render-in-app';
import { PagedList } from './paged-list';

afterEach(cleanup);

type Page = { rows: string[]; nextCursor: string | null; total: number };

/** The query states a list goes through, as TanStack Query reports them. */
function listIn(state: Partial<UseQueryResult<Page>>): UseQueryResult<Page> {
  return {
    data: { rows: ['SO-1', 'SO-2'], nextCursor: 'next', total: 30 },
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    error: null,
    ...state,
  } as UseQueryResult<Page>;
}

function renderList(list: UseQueryResult<Page>, queryClient?: QueryClient) {
  renderInApp(
    () => (
      <PagedList what="orders" list={list} cursors={[]} pageSize={2} empty={<p>None</p>}>
        {(rows) => (
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </PagedList>
    ),
    queryClient,
  );
}

describe('PagedList', () => {
  it('keeps the rows when a refresh fails, and says so above them', async () => {
    renderList(listIn({ isError: true, error: new Error('Network down') as never }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The orders could not be refreshed: Network down',
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['SO-1', 'SO-2']);
  });

  it('refreshes in the background without a word, and offers the next page', async () => {
    renderList(listIn({ isFetching: true }));
    expect(await screen.findByRole('link', { name: 'Next page' })).toBeTruthy();
    expect(screen.queryByText('Loading orders…')).toBeNull();
  });

  it('while another page loads, says so and offers no next page from the rows it replaces', async () => {
    renderList(listIn({ isFetching: true, isPlaceholderData: true }));
    expect(await screen.findByText('Loading orders…')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });

  it('marks its rows as the console’s copy while the warehouse does not answer, and only then', async () => {
    renderList(listIn({}));
    await screen.findAllByRole('listitem');
    expect(screen.queryByTestId('console-copy-mark')).toBeNull();
    cleanup();
    const queryClient = new QueryClient();
    queryClient.setQueryData(warehouseReachQueryKey, {
      answering: false,
      lastAnsweredAt: new Date().toISOString(),
      consoleStartedAt: new Date().toISOString(),
      problem: null,
    });
    renderList(listIn({}), queryClient);
    expect((await screen.findByTestId('console-copy-mark')).textContent).toMatch(
      /^The console's copy: the warehouse has not answered since /,
    );
  });
});
