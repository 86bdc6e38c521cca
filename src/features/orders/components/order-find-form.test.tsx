// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchMatch } from '@/contract/index-search';
import { renderInApp } from '@/testing/render-in-app';
import { searchMatch } from '@/testing/search-match-fixtures';
import { stubFetch } from '@/testing/stub-fetch';
import { OrderFindForm } from './order-find-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byWebOrder = searchMatch({
  id: 'o1',
  primaryReference: 'SO-100125',
  matchedField: 'secondaryReference',
  snippet: 'WEB-2837551',
});
const byLongerWebOrder = searchMatch({
  id: 'o2',
  primaryReference: 'SO-100130',
  matchedField: 'secondaryReference',
  snippet: 'WEB-28375510',
});

/** The search answers `matches`; returns the searches asked, as `kind q`. */
function stubSearch(matches: SearchMatch[]) {
  const asked: string[] = [];
  stubFetch(({ path, query }) => {
    asked.push(`${query.get('kind')} ${query.get('q')}`);
    return path === '/api/search' ? { matches, hasMore: false, total: matches.length, totalExact: true } : {};
  });
  return asked;
}

async function find(text: string) {
  const box = await screen.findByRole('textbox', { name: /Search orders/ });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  return box;
}

describe('the Orders page’s Find order box', () => {
  it('searches orders only and opens the one whose value is what was typed, however it was written', async () => {
    const asked = stubSearch([byWebOrder, byLongerWebOrder]);
    const router = renderInApp(() => <OrderFindForm />);
    await find(' #web 2837551 ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/SO-100125'));
    expect(asked).toEqual(['order #web 2837551']);
  });

  it('lists several matches with why each matched, and keeps what was typed', async () => {
    stubSearch([byWebOrder, searchMatch({ id: 'o3', primaryReference: 'SO-100131', snippet: 'SO-100131' })]);
    const router = renderInApp(() => <OrderFindForm />);
    const box = await find('web');
    const matches = await screen.findByRole('list', { name: 'Matches' });
    expect(within(matches).getByRole('link', { name: 'SO-100125' }).getAttribute('href')).toBe(
      '/orders/SO-100125',
    );
    expect(within(matches).getAllByRole('listitem')).toHaveLength(2);
    expect(matches.textContent).toContain('secondary reference:');
    expect((box as HTMLInputElement).value).toBe('web');
    expect(router.state.location.pathname).toBe('/');
  });

  it('says in words on the field that nothing matched, and keeps what was typed', async () => {
    stubSearch([]);
    renderInApp(() => <OrderFindForm />);
    const box = await find('nobody@example.com');
    await waitFor(() => expect(box.getAttribute('aria-describedby')).toBeTruthy());
    expect(
      await screen.findByText(
        'No order matches “nobody@example.com”: try a reference, web order number, name, email, phone or tracking number.',
      ),
    ).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('nobody@example.com');
  });
});
