import { Button, Group, Stack, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { ExportLinks } from '@/components/export-links';
import type { SortDirection } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FirstPageNote } from '@/components/first-page-note';
import { PagedList } from '@/components/paged-list';
import { ButtonLink } from '@/components/router-links';
import {
  exportReceivesRoute,
  exportReceivesWorkbookRoute,
  type ListedReceiveKind,
  type ReceiveListRow,
  type ReceiveListSort,
} from '@/contract/index-lists';
import { RETURN_SUBTYPE } from '@/contract/receive';
import { useCan } from '@/lib/session';
import { RECEIVE_LIST_PAGE_SIZE, useReceiveListPage } from '../api/get-receive-list-page';
import { useReceivesByReference } from '../api/get-receives-by-reference';
import { receiveAsListRow } from '../model/receive-as-list-row';
import { receiveFilterWords } from '../model/receive-filter-words';
import { type ReceiveListSearch, toReceiveListQuery } from '../model/receive-list-search';
import { ReceiveListFilters } from './receive-list-filters';
import { ReferenceLookup } from './reference-lookup';

export type ReceiveSortProps = {
  sort: ReceiveListSort;
  dir: SortDirection;
  onSort: (sort: ReceiveListSort, dir: SortDirection) => void;
};

/** What a list's table is given: a page of rows, its caption, and the sort. */
export type ReceiveListTableProps = ReceiveSortProps & { rows: ReceiveListRow[]; caption: string };

/** The words and places of one kind's list. */
export type ReceiveListWords = {
  plural: string;
  singular: string;
  lookupLabel: string;
  newPath: '/receives/new' | '/returns/new';
};

type ListProps = {
  kind: ListedReceiveKind;
  words: ReceiveListWords;
  /** The kind's own table: receives show completeness, returns the original order and reason. */
  ListTable: ComponentType<ReceiveListTableProps>;
  search: ReceiveListSearch;
  /** Changes filters, sort or lookup; the list starts again at its first page. */
  onSearchChange: (next: Partial<ReceiveListSearch>) => void;
};

function sortPropsOf({ search, onSearchChange }: ListProps): ReceiveSortProps {
  const sort = search.sort ?? 'updated';
  return {
    sort,
    dir: search.dir ?? (sort === 'updated' ? 'desc' : 'asc'),
    onSort: (nextSort, dir) => onSearchChange({ sort: nextSort, dir }),
  };
}

/**
 * The managers' list of receives or returns from the console's index: completeness and short/over
 * filtered on the server over every record, sorting and paging in the URL, CSV export of every match.
 */
export function ReceiveListLayout(props: ListProps & { cursorRefused: boolean }) {
  const { words, search, onSearchChange } = props;
  const mayCreate = useCan(props.kind === 'return' ? 'returns.write' : 'receives.write');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{words.plural}</Title>
        {mayCreate ? <ButtonLink to={words.newPath}>New {words.singular}</ButtonLink> : null}
      </Group>
      <ReferenceLookup
        key={search.reference ?? ''}
        label={words.lookupLabel}
        initialReference={search.reference ?? ''}
        onLookup={(reference) => onSearchChange({ reference })}
      />
      {search.reference ? <ReferenceMatches {...props} /> : <FilteredList {...props} />}
    </Stack>
  );
}

function ReferenceMatches(props: ListProps) {
  const { kind, words, ListTable, search, onSearchChange } = props;
  const reference = search.reference ?? '';
  const found = useReceivesByReference(reference).map(({ record }) => record);
  const ofKind = found.filter((receive) => (receive.subtype === RETURN_SUBTYPE) === (kind === 'return'));
  const other = kind === 'return' ? 'receive' : 'return';
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" onClick={() => onSearchChange({ reference: undefined })}>
          Show all {words.plural.toLowerCase()}
        </Button>
      </Group>
      {ofKind.length === 0 ? (
        <EmptyState
          title={`No ${words.singular} has the reference “${reference}”`}
          description={
            found.length > 0
              ? `It is a ${other}: look among the ${other}s.`
              : 'References match whole; upper or lower case does not matter.'
          }
        />
      ) : (
        <ListTable
          rows={ofKind.map(receiveAsListRow)}
          caption={`${words.plural} with the reference ${reference}`}
          {...sortPropsOf(props)}
        />
      )}
    </Stack>
  );
}

function FilteredList(props: ListProps & { cursorRefused: boolean }) {
  const { kind, words, ListTable, search, onSearchChange, cursorRefused } = props;
  const mayCreate = useCan(props.kind === 'return' ? 'returns.write' : 'receives.write');
  const cursors = cursorRefused ? [] : (search.cursors ?? []);
  const query = toReceiveListQuery(search, kind);
  const list = useReceiveListPage(query, cursors.at(-1));
  const { reference, sort, dir, cursors: _page, ...filters } = search;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const clearFilters = () =>
    onSearchChange(Object.fromEntries(Object.keys(filters).map((name) => [name, undefined])));
  return (
    <Stack gap="sm">
      <ReceiveListFilters search={search} onChange={onSearchChange} returns={kind === 'return'} />
      <Group justify="space-between">
        {filtered ? (
          <Button variant="subtle" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : (
          <span />
        )}
        <ExportLinks
          route={exportReceivesRoute}
          workbookRoute={exportReceivesWorkbookRoute}
          filters={query}
          total={list.data?.total}
        />
      </Group>
      {cursorRefused ? <FirstPageNote what={words.plural.toLowerCase()} /> : null}
      <PagedList
        what={words.plural.toLowerCase()}
        list={list}
        cursors={cursors}
        pageSize={RECEIVE_LIST_PAGE_SIZE}
        empty={
          filtered ? (
            <EmptyState
              title={`No ${words.plural.toLowerCase()} match these filters`}
              description={`The filters ask for: ${receiveFilterWords(search).join('; ')}. Widen the dates or clear the filters.`}
              action={
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={`No ${words.plural.toLowerCase()} yet`}
              description={mayCreate ? `Announce the first ${words.singular}.` : undefined}
              action={
                mayCreate ? (
                  <ButtonLink to={words.newPath} variant="default">
                    New {words.singular}
                  </ButtonLink>
                ) : null
              }
            />
          )
        }
      >
        {(rows, page) => (
          <ListTable rows={rows} caption={`${words.plural}, page ${page}`} {...sortPropsOf(props)} />
        )}
      </PagedList>
    </Stack>
  );
}
