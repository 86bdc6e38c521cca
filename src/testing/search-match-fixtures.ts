import type { SearchMatch } from '@/contract/index-search';

/** A search's match of an entered order by its reference, with nothing else known, but for `overrides`. */
export const searchMatch = (overrides: Partial<SearchMatch> = {}): SearchMatch => ({
  kind: 'order',
  id: 'id-1',
  primaryReference: 'SO 1',
  title: '',
  status: 'PRS',
  state: 'entered',
  matchedField: 'primaryReference',
  snippet: 'SO 1',
  spelledAs: null,
  created: null,
  items: [],
  lines: 0,
  trackingNumbers: [],
  tracked: 0,
  ...overrides,
});
