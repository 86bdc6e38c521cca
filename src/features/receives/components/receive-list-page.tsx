import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ButtonLink } from '../../../components/router-links';
import { LIST_MAX_RECEIVES, useReceiveList } from '../api/list-receives';
import { type ReceiveKind, receiveKindWords } from '../model/receive-kind';
import { pageOfRows, receiveRowsToCsv, selectReceiveRows } from '../model/receive-list-rows';
import { pageSizes, type ReceiveListSearch, serverFiltersFor } from '../model/receive-list-search';
import { ReceiveListFilters } from './receive-list-filters';
import { ReceiveListTable } from './receive-list-table';

function downloadCsv(csv: string, fileName: string) {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The managers' list of receives or returns: filters, completeness, sorting and paging in the URL, CSV export. */
export function ReceiveListPage({
  kind,
  search,
  onSearchChange,
}: {
  kind: ReceiveKind;
  search: ReceiveListSearch;
  onSearchChange: (next: Partial<ReceiveListSearch>) => void;
}) {
  const words = receiveKindWords[kind];
  const fetched = useReceiveList(serverFiltersFor(search, kind));
  const rows = useMemo(
    () => selectReceiveRows(fetched.receives, search, kind),
    [fetched.receives, search, kind],
  );
  const page = pageOfRows(rows, search.page, search.pageSize);
  const kindCount = fetched.receives.filter(
    (receive) => (receive.subtype === 'RET') === (kind === 'returns'),
  ).length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{words.plural}</Title>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(receiveRowsToCsv(rows), `${kind}-${new Date().toISOString().slice(0, 10)}.csv`)
            }
          >
            Export CSV ({rows.length} {rows.length === 1 ? 'row' : 'rows'})
          </Button>
          <ButtonLink to={words.newPath}>New {words.singular}</ButtonLink>
        </Group>
      </Group>
      <ReceiveListFilters search={search} onChange={onSearchChange} />
      <Text size="sm" c="dimmed" data-testid="list-coverage">
        Status and dates are filtered by the warehouse service; completeness and the short/over filter are
        worked out here over the {kindCount} {words.plural.toLowerCase()} it returned (most recently updated
        first, up to {LIST_MAX_RECEIVES.toLocaleString()} receives and returns together).
      </Text>
      {fetched.truncated ? (
        <Alert color="orange" variant="outline" title="Only the most recent are shown">
          More {words.plural.toLowerCase()} match than one view fetches. Narrow the date range to cover the
          rest.
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title={`No ${words.plural.toLowerCase()} match these filters`}
          description="Change the filters, or create one."
          action={
            <ButtonLink to={words.newPath} variant="default">
              New {words.singular}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <ReceiveListTable
            rows={page.rows}
            words={words}
            now={new Date()}
            caption={`${rows.length} ${words.plural.toLowerCase()} match; page ${page.page} of ${page.pageCount}`}
            sort={search.sort}
            dir={search.dir}
            onSort={(sort, dir) => onSearchChange({ sort, dir, page: 1 })}
          />
          <Group justify="space-between">
            <NativeSelect
              label="Rows per page"
              value={String(search.pageSize)}
              data={pageSizes.map(String)}
              onChange={(event) => onSearchChange({ pageSize: Number(event.currentTarget.value), page: 1 })}
            />
            <nav aria-label="Pages">
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={page.page <= 1}
                  onClick={() => onSearchChange({ page: page.page - 1 })}
                >
                  Previous page
                </Button>
                <Text size="sm" aria-live="polite">
                  Page {page.page} of {page.pageCount}
                </Text>
                <Button
                  variant="default"
                  disabled={page.page >= page.pageCount}
                  onClick={() => onSearchChange({ page: page.page + 1 })}
                >
                  Next page
                </Button>
              </Group>
            </nav>
          </Group>
        </>
      )}
    </Stack>
  );
}
