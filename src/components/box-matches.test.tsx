// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchMatch, SearchPage } from '@/contract/index-search';
import { renderInApp } from '@/testing/render-in-app';
import { BoxMatches } from './box-matches';

afterEach(cleanup);

function product(code: string, spelledAs: string | null = null): SearchMatch {
  return {
    kind: 'product',
    id: code,
    primaryReference: code,
    title: code,
    status: 'ACTIVE',
    state: 'active',
    matchedField: 'productCode',
    snippet: code,
    spelledAs,
    created: null,
    items: [],
    lines: 0,
    trackingNumbers: [],
    tracked: 0,
  };
}

const page = (matches: SearchMatch[], hasMore = false): SearchPage => ({
  matches,
  hasMore,
  total: matches.length,
  totalExact: !hasMore,
});

async function heading(found: SearchPage, q = 'sock') {
  renderInApp(() => <BoxMatches q={q} found={found} what="product" />);
  const text = (await screen.findByRole('region')).querySelector('p')?.textContent;
  cleanup();
  return text;
}

describe('BoxMatches', () => {
  it('counts one match in the singular and several in the plural', async () => {
    expect(await heading(page([product('SOCK-M')]))).toBe('1 product matches “sock”');
    expect(await heading(page([product('SOCK-M'), product('SOCK-L')]))).toBe('2 products match “sock”');
  });

  it('says the first of many, and close matches as close', async () => {
    expect(await heading(page([product('SOCK-M')], true))).toBe('The first 1 products match “sock”');
    expect(await heading(page([product('SOCK-M', 'sock')]), 'sokc')).toBe(
      'No products match “sokc”. Close matches:',
    );
  });
});
