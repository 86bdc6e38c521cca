// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchMatch } from '@/contract/index-search';
import { warehouseReachQueryKey } from '@/lib/warehouse-reach';
import { renderInApp } from '@/testing/render-in-app';
import { searchMatch } from '@/testing/search-match-fixtures';
import { stubFetch } from '@/testing/stub-fetch';
import { noMatches } from '../api/search-index';
import { HeaderSearch } from './header-search';

// jsdom lays nothing out; the list scrolls the chosen match into view.
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const match = (overrides: Partial<SearchMatch>): SearchMatch =>
  searchMatch({
    id: 'o1',
    primaryReference: 'SO-100125',
    title: 'Jordan Ellis',
    status: 'FIN',
    state: 'shipped',
    matchedField: 'shipTo.emailAddress',
    snippet: 'jordan.ellis@example.com',
    ...overrides,
  });

const found = [
  match({}),
  match({ id: 'o2', primaryReference: 'SO-100130' }),
  match({ kind: 'return', id: 'r1', primaryReference: 'RMA-1', matchedField: 'shipFrom.emailAddress' }),
];

/** The search answers `found` to every query; returns the queries asked. */
function stubSearch(matches: SearchMatch[] = found) {
  const asked: string[] = [];
  stubFetch(({ path, query }) => {
    if (path === '/api/search') asked.push(query.get('q') ?? '');
    return path === '/api/search' ? { ...noMatches, matches, total: matches.length } : {};
  });
  return asked;
}

async function typeInPalette(text: string) {
  const box = await screen.findByRole('combobox', { name: 'Find an order, receive, return or product' });
  box.focus();
  fireEvent.change(box, { target: { value: text } });
  return box;
}

// jsdom runs no transitions: the list stays fading in, so its parts are found with `hidden: true`.
describe('the search palette', () => {
  it('shows the matches as you type, grouped by kind, each saying why it matched with the part marked', async () => {
    const asked = stubSearch();
    renderInApp(() => <HeaderSearch />);
    await typeInPalette('Jordan.Ellis@');
    const listbox = await screen.findByRole('listbox', { name: 'Matches', hidden: true });
    const groups = await within(listbox).findAllByRole('group', { hidden: true });
    expect(groups.map((group) => group.firstElementChild?.textContent)).toEqual(['Orders', 'Returns']);
    const first = within(groups[0] as HTMLElement).getAllByRole('option', { hidden: true })[0] as HTMLElement;
    expect(first.textContent).toContain('SO-100125');
    expect(first.textContent).toContain("customer's email");
    expect(first.querySelector('mark')?.textContent).toBe('jordan.ellis');
    expect(groups[1]?.textContent).toContain("returner's email");
    expect(within(listbox).getByRole('option', { name: /See all matches/, hidden: true })).toBeTruthy();
    expect(asked).toEqual(['Jordan.Ellis@']);
  });

  it.each([
    [true, '9 more matches'],
    [false, 'At least 9 more matches'],
  ])(
    'says how many more matches there are beyond those shown (all counted: %s)',
    async (totalExact, words) => {
      stubFetch(({ path }) =>
        path === '/api/search' ? { matches: found, hasMore: true, total: 12, totalExact } : {},
      );
      renderInApp(() => <HeaderSearch />);
      await typeInPalette('jordan');
      const all = await screen.findByRole('option', { name: /See all matches/, hidden: true });
      await waitFor(() => expect(within(all).getByTestId('more-matches').textContent).toBe(words));
    },
  );

  it('marks the matches as the console’s copy, outside their list, while the warehouse does not answer', async () => {
    stubSearch();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(warehouseReachQueryKey, {
      answering: false,
      lastAnsweredAt: new Date().toISOString(),
      consoleStartedAt: new Date().toISOString(),
      problem: null,
    });
    renderInApp(() => <HeaderSearch />, queryClient);
    await typeInPalette('jordan');
    const listbox = await screen.findByRole('listbox', { name: 'Matches', hidden: true });
    await within(listbox).findAllByRole('option', { name: /SO-100125/, hidden: true });
    const mark = screen.getByTestId('console-copy-mark');
    expect(mark.textContent).toMatch(/^The console's copy: the warehouse has not answered since /);
    expect(listbox.contains(mark)).toBe(false);
  });

  it('opens the best match on Enter when none is chosen', async () => {
    stubSearch();
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('jordan');
    await screen.findAllByRole('option', { name: /SO-100125/, hidden: true });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/SO-100125'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens nothing for an Enter whose matches come after the text changed', async () => {
    stubSearch();
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('jordan');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    fireEvent.change(box, { target: { value: 'jordan e' } });
    await screen.findAllByRole('option', { name: /SO-100125/, hidden: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
    expect((box as HTMLInputElement).value).toBe('jordan e');
  });

  it('moves through the matches with the arrows, says which is chosen, and opens it on Enter', async () => {
    stubSearch();
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('jordan');
    await screen.findAllByRole('option', { name: /RMA-1/, hidden: true });
    fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' });
    const chosen = screen.getByRole('option', { name: /SO-100130/, hidden: true });
    expect(box.getAttribute('aria-activedescendant')).toBe(chosen.id);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/SO-100130'));
  });

  it('offers every match on the search page, and Escape closes the list', async () => {
    stubSearch();
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('jordan');
    fireEvent.click(await screen.findByRole('option', { name: /See all matches/, hidden: true }));
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=jordan'));
    await typeInPalette('jordan');
    await screen.findByRole('listbox', { name: 'Matches', hidden: true });
    fireEvent.keyDown(box, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('false'));
  });

  it('says when nothing matches, and Enter then opens the search page that says so', async () => {
    stubSearch([]);
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('zzz');
    await screen.findByText('Nothing matches “zzz”');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=zzz'));
  });

  it('opens the search page with a long number as the text typed, not a number read from it', async () => {
    stubSearch([]);
    const router = renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('9400111899223197000001');
    await screen.findByText('Nothing matches “9400111899223197000001”');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ q: '9400111899223197000001' });
  });

  it('keeps the previous matches on screen while the next come, and cancels an answer no longer wanted', async () => {
    const aborted: string[] = [];
    const answers: Record<string, SearchMatch[]> = {
      jord: [match({})],
      jordan: [match({ id: 'o2', primaryReference: 'SO-100130' })],
    };
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      const q = new URL(url, 'http://console').searchParams.get('q') ?? '';
      const answer = answers[q];
      if (answer)
        return Promise.resolve(
          Response.json({
            data: { ...noMatches, matches: answer, total: answer.length },
            id: 'r',
            resource: [],
            errors: [],
          }),
        );
      // `jorda` answers only when it is no longer wanted: never.
      return new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted.push(q);
          reject(new DOMException('Aborted', 'AbortError'));
        }),
      );
    });
    renderInApp(() => <HeaderSearch />);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    await typeInPalette('jord');
    await screen.findByRole('option', { name: /SO-100125/, hidden: true });
    await pause();
    await typeInPalette('jorda');
    await pause();
    expect(screen.getByRole('option', { name: /SO-100125/, hidden: true })).toBeTruthy();
    await typeInPalette('jordan');
    await screen.findByRole('option', { name: /SO-100130/, hidden: true });
    expect(screen.queryByRole('option', { name: /SO-100125/, hidden: true })).toBeNull();
    expect(aborted).toEqual(['jorda']);
  });

  it('asks for something to look for on Enter in an empty box', async () => {
    const asked = stubSearch();
    renderInApp(() => <HeaderSearch />);
    const box = await typeInPalette('  ');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await screen.findByText('Type a reference, a name, an email, a tracking or serial number');
    expect(asked).toEqual([]);
  });
});
