import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ListingLimitsNote } from '../../../components/listing-limits-note';
import { Pager } from '../../../components/pager';
import { ButtonLink } from '../../../components/router-links';
import type { Receive } from '../../../contract/receive';
import { localDay } from '../../../lib/local-day';
import { useCan } from '../../../lib/session';
import { useReceivesByReference } from '../api/get-receives-by-reference';
import { LIST_MAX_RECEIVES, useReceiveList } from '../api/list-receives';
import { type ReceiveKind, receiveKindWords } from '../model/receive-kind';
import { isReturn, pageOfRows, receiveRowsToCsv, selectReceiveRows } from '../model/receive-list-rows';
import { pageSizes, type ReceiveListSearch, serverFiltersFor } from '../model/receive-list-search';
import { ReceiveListFilters } from './receive-list-filters';
import { ReceiveListTable } from './receive-list-table';
import { ReferenceLookup } from './reference-lookup';

type ListProps = {
  kind: ReceiveKind;
  search: ReceiveListSearch;
  onSearchChange: (next: Partial<ReceiveListSearch>) => void;
};

function downloadCsv(csv: string, fileName: string) {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The managers' list of receives or returns: filters, completeness, sorting and paging in the URL, CSV
 * export.
 */
export function ReceiveListPage({ kind, search, onSearchChange }: ListProps) {
  const words = receiveKindWords[kind];
  const mayCreate = useCan('receives.write');
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
        onLookup={(reference) => onSearchChange({ reference, page: 1 })}
      />
      {search.reference ? (
        <ReferenceMatches kind={kind} search={search} onSearchChange={onSearchChange} />
      ) : (
        <FilteredList kind={kind} search={search} onSearchChange={onSearchChange} />
      )}
    </Stack>
  );
}

function ReferenceMatches({ kind, search, onSearchChange }: ListProps) {
  const words = receiveKindWords[kind];
  const reference = search.reference ?? '';
  const found = useReceivesByReference(reference).map(({ record }) => record);
  const otherKind = found.filter((receive) => isReturn(receive) !== (kind === 'returns'));
  // The list's completeness filter is hidden here, so it must not hide the receive that was asked for.
  const lookupSearch: ReceiveListSearch = { ...search, discrepancy: 'all' };
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" onClick={() => onSearchChange({ reference: undefined, page: 1 })}>
          Show all {words.plural.toLowerCase()}
        </Button>
      </Group>
      <ReceiveRows
        kind={kind}
        search={lookupSearch}
        onSearchChange={onSearchChange}
        receives={found}
        caption={`${words.plural} with the reference ${reference}`}
        empty={
          <EmptyState
            title={`No ${words.singular} has the reference “${reference}”`}
            description={
              otherKind.length > 0
                ? `It is ${kind === 'returns' ? 'a receive' : 'a return'}: look among the ${kind === 'returns' ? 'receives' : 'returns'}.`
                : 'References match exactly, including letter case.'
            }
          />
        }
      />
    </Stack>
  );
}

function FilteredList({ kind, search, onSearchChange }: ListProps) {
  const words = receiveKindWords[kind];
  const fetched = useReceiveList(serverFiltersFor(search, kind));
  const mayCreate = useCan('receives.write');
  const kindCount = fetched.receives.filter((receive) => isReturn(receive) === (kind === 'returns')).length;
  return (
    <Stack gap="lg">
      <ReceiveListFilters search={search} onChange={onSearchChange} />
      <Text size="sm" c="dimmed" data-testid="list-coverage">
        Status and dates are filtered by the warehouse service; completeness and the short/over filter are
        worked out here over the {kindCount} {words.plural.toLowerCase()} it returned (most recently updated
        first, up to {LIST_MAX_RECEIVES.toLocaleString('en-US')} receives and returns together).
      </Text>
      <ListingLimitsNote ignored={fetched.ignored} what={words.plural.toLowerCase()} />
      {fetched.truncated ? (
        <Alert color="orange" variant="outline" title="Only the most recent are shown">
          More {words.plural.toLowerCase()} match than one view fetches. Narrow the date range to cover the
          rest.
        </Alert>
      ) : null}
      <ReceiveRows
        kind={kind}
        search={search}
        onSearchChange={onSearchChange}
        receives={fetched.receives}
        caption={`${words.plural} matching the filters`}
        empty={
          <EmptyState
            title={`No ${words.plural.toLowerCase()} match these filters`}
            description={mayCreate ? 'Change the filters, or create one.' : 'Change the filters.'}
            action={
              mayCreate ? (
                <ButtonLink to={words.newPath} variant="default">
                  New {words.singular}
                </ButtonLink>
              ) : null
            }
          />
        }
      />
    </Stack>
  );
}

/** Sorted, paged rows with completeness, and the CSV export of every row the filters select. */
function ReceiveRows({
  kind,
  search,
  onSearchChange,
  receives,
  caption,
  empty,
}: ListProps & { receives: Receive[]; caption: string; empty: ReactNode }) {
  const words = receiveKindWords[kind];
  const rows = useMemo(() => selectReceiveRows(receives, search, kind), [receives, search, kind]);
  const page = pageOfRows(rows, search.page, search.pageSize);
  const mayExport = useCan('exports.download');
  const pageSizeId = useId();
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md">
      {mayExport ? (
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => downloadCsv(receiveRowsToCsv(rows), `${kind}-${localDay(new Date())}.csv`)}
          >
            Export CSV ({rows.length} {rows.length === 1 ? 'row' : 'rows'})
          </Button>
        </Group>
      ) : null}
      <ReceiveListTable
        rows={page.rows}
        words={words}
        now={new Date()}
        caption={`${caption}: ${rows.length}; page ${page.page} of ${page.pageCount}`}
        sort={search.sort}
        dir={search.dir}
        onSort={(sort, dir) => onSearchChange({ sort, dir, page: 1 })}
      />
      <Pager
        page={page.page}
        pageCount={page.pageCount}
        hasNext={page.page < page.pageCount}
        searchFor={(target) => ({ page: target })}
      >
        <Group gap="xs">
          <Text component="label" htmlFor={pageSizeId} size="sm">
            Rows per page
          </Text>
          <NativeSelect
            id={pageSizeId}
            value={String(search.pageSize)}
            data={pageSizes.map(String)}
            onChange={(event) => onSearchChange({ pageSize: Number(event.currentTarget.value), page: 1 })}
          />
        </Group>
      </Pager>
    </Stack>
  );
}
