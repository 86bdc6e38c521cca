import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchMatch } from '@/contract/index-search';
import { PALETTE_MATCHES, searchIndexQueryOptions } from '../api/search-index';

const none: SearchMatch[] = [];

/** How long typing may pause before the index is asked; the first key after a pause asks at once. */
export const TYPING_PAUSE_MS = 80;

/**
 * The palette's matches for `text`, asked as it is typed. The previous matches stay shown while the next
 * arrive, and an answer no longer wanted is canceled (the request takes the query's signal).
 * `current` says the matches are those of `text` itself.
 */
export function usePaletteMatches(text: string) {
  const [asked] = useDebouncedValue(text, TYPING_PAUSE_MS, { leading: true });
  const query = useQuery({
    ...searchIndexQueryOptions({ q: asked, limit: PALETTE_MATCHES, lookup: false }),
    enabled: asked !== '',
    placeholderData: keepPreviousData,
  });
  const matches = text === '' ? none : (query.data?.matches ?? none);
  const found = text === '' ? undefined : query.data;
  return {
    matches,
    /** Matches beyond those shown, and whether there may be more still; null while none are shown. */
    more: found ? { count: found.total - found.matches.length, exact: found.totalExact } : null,
    current: text !== '' && asked === text && query.isSuccess && !query.isPlaceholderData,
    failed: query.isError,
  };
}
