import { describe, expect, it } from 'vitest';
import type { SearchPage } from '@/contract/index-search';
import { searchMatch } from '@/testing/search-match-fixtures';
import { matchToOpen } from './search-one-kind';

const page = (snippets: string[], hasMore = false): SearchPage => ({
  matches: snippets.map((snippet, index) => searchMatch({ id: `id-${index}`, snippet })),
  hasMore,
  total: snippets.length,
  totalExact: !hasMore,
});

describe('matchToOpen', () => {
  it('opens the only match, whatever it matched by', () => {
    expect(matchToOpen(page(['jordan.ellis@example.com']), 'jordan')?.id).toBe('id-0');
  });

  it('opens the one match whose value is what was typed, forgiving case, # and signs', () => {
    expect(matchToOpen(page(['WEB-2837551', 'WEB-28375510']), '#web 2837551')?.id).toBe('id-0');
  });

  it('lets the person choose when several matches only start with what was typed', () => {
    expect(matchToOpen(page(['SO-1001', 'SO-1002']), 'SO-100')).toBeNull();
  });

  it('lets the person choose when the one match shown is not all there are', () => {
    expect(matchToOpen(page(['SO-1001'], true), 'SO-100')).toBeNull();
  });

  it('opens nothing when nothing matched', () => {
    expect(matchToOpen(page([]), 'nobody')).toBeNull();
  });
});
