import type { ReceiveListSearch } from '../model/receive-list-search';
import { ReceiveListLayout } from './receive-list-layout';
import { ReturnListTable } from './return-list-table';

const words = {
  plural: 'Returns',
  singular: 'return',
  lookupLabel: 'Search returns',
  newPath: '/returns/new',
} as const;

/** The returns desk's list from the console's index: customer, original order, reason and state. */
export function ReturnListPage(props: {
  search: ReceiveListSearch;
  cursorRefused: boolean;
  onSearchChange: (next: Partial<ReceiveListSearch>) => void;
}) {
  return <ReceiveListLayout kind="return" words={words} ListTable={ReturnListTable} {...props} />;
}
