import { receiveKindWords } from '../model/receive-kind';
import type { ReceiveListSearch } from '../model/receive-list-search';
import { ReceiveListLayout, type ReceiveListTableProps } from './receive-list-layout';
import { ReceiveListTable } from './receive-list-table';

const words = receiveKindWords.receives;

function ReceivesTable(props: ReceiveListTableProps) {
  return <ReceiveListTable words={words} now={new Date()} {...props} />;
}

/** The Receives list: completeness, short and over first. */
export function ReceiveListPage(props: {
  search: ReceiveListSearch;
  cursorRefused: boolean;
  onSearchChange: (next: Partial<ReceiveListSearch>) => void;
}) {
  return <ReceiveListLayout kind="receive" words={words} ListTable={ReceivesTable} {...props} />;
}
