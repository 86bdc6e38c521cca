// @vitest-environment jsdom
import { useSearch } from '@tanstack/react-router';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cursorPager, readCursors } from '@/lib/cursor-pages';
import { renderInApp } from '@/testing/render-in-app';
import { Pager } from './pager';

afterEach(cleanup);

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
const cursorsIn = (link: string | null) => new URL(link ?? '', 'http://console').searchParams.get('cursors');

/** A cursor list whose every page leads to one more, its place read from the URL as a route reads it. */
function EndlessCursorList() {
  const search: { cursors?: unknown } = useSearch({ strict: false });
  const cursors = readCursors(search.cursors) ?? [];
  return <Pager {...cursorPager(cursors, `after-${cursors.length + 1}`)} />;
}

describe('Pager', () => {
  it('on a cursor list, leads on with the cursor stack in the URL and back without it', async () => {
    const router = renderInApp(() => <EndlessCursorList />);
    const next = await screen.findByRole('link', { name: 'Next page' });
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();

    next.focus();
    fireEvent.click(next);
    await screen.findByText('Page 2');
    expect(router.state.location.search).toEqual({ cursors: ['after-1'] });
    // The link that was used keeps keyboard focus, so Enter can go on paging.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Next page' }));

    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByText('Page 3');
    expect(cursorsIn(href('Previous page'))).toBe('["after-1"]');
    expect(cursorsIn(href('Next page'))).toBe('["after-1","after-2","after-3"]');
    expect(cursorsIn(href('First page'))).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByText('Page 2');
    fireEvent.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByText('Page 1');
    expect(router.state.location.search).toEqual({});
  });

  it('on a list counted in the browser, says how many pages there are and stops at the last', async () => {
    renderInApp(() => (
      <Pager page={3} pageCount={3} hasNext={false} searchFor={(target) => ({ page: target })} />
    ));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(href('Previous page')).toBe('/?page=2');
    expect(href('First page')).toBe('/?page=1');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });

  it('on a counted cursor list, says which rows are shown of how many', async () => {
    renderInApp(() => (
      <Pager
        {...cursorPager(['c1'], 'c2')}
        rows={{ first: 26, last: 50, total: 1234 }}
        searchFor={() => ({})}
      />
    ));
    expect(await screen.findByText('26–50 of 1,234')).toBeTruthy();
  });
});
