import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cursorPager } from '@/lib/cursor-pages';
import { ConsoleCopyMark } from './console-copy-mark';
import { Pager } from './pager';

type ListPage<Row> = { rows: Row[]; nextCursor: string | null; total: number };

/**
 * The body of a list the server pages with cursors and counts: the rows of the page in the URL, the pager
 * with "1–25 of 1,234", and while another page or filter loads, the rows shown so far with a quiet note
 * (never a blank page). `children` draws the rows: a DataTable, which becomes cards on a phone.
 */
export function PagedList<Row>({
  what,
  list,
  cursors,
  pageSize,
  empty,
  children,
}: {
  /** The records listed, in the plural: "orders". */
  what: string;
  list: UseQueryResult<ListPage<Row>>;
  cursors: string[];
  pageSize: number;
  empty: ReactNode;
  children: (rows: Row[], page: number) => ReactNode;
}) {
  // While another page or filter loads, the rows shown are the previous ones: so is their next cursor.
  const pager = cursorPager(cursors, list.isPlaceholderData ? null : list.data?.nextCursor);
  const first = (pager.page - 1) * pageSize + 1;
  return (
    <>
      <ConsoleCopyMark />
      <Group gap="xs" mih={22} role="status">
        {list.isPlaceholderData ? (
          <>
            <Loader size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              Loading {what}…
            </Text>
          </>
        ) : null}
      </Group>
      {list.isError ? (
        // A failed refresh (a live update's) keeps the rows it could not replace.
        <Text c="red.8" role="alert">
          The {what} could not be {list.data ? 'refreshed' : 'loaded'}: {list.error.message}
        </Text>
      ) : null}
      {!list.data ? (
        list.isError ? null : (
          <Text c="dimmed">Loading {what}…</Text>
        )
      ) : list.data.rows.length === 0 ? (
        empty
      ) : (
        <div aria-busy={list.isPlaceholderData}>
          {children(list.data.rows, pager.page)}
          <Pager
            {...pager}
            rows={{ first, last: first + list.data.rows.length - 1, total: list.data.total }}
          />
        </div>
      )}
    </>
  );
}
