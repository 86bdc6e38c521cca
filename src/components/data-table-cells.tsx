import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRecentlyChanged } from '@/lib/recent-changes';

// The header cells and rows of DataTable (data-table.tsx), apart only to keep each file short.

export type SortDirection = 'asc' | 'desc';

export type DataTableColumn<Row, Sort extends string = string> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Dates and references read as one piece, never broken across lines. */
  nowrap?: boolean;
  /** The room the column keeps, in pixels (a progress bar's). */
  width?: number;
  /** Its cell names the row (`<th scope="row">`), what a screen reader says before each other cell. */
  rowHeader?: boolean;
  /** The answer of a detail line (its result, its difference): on a phone's card, right below the row header. */
  answer?: boolean;
  /** The list sorts by this column: its header is a button, a second click turns the order around. */
  sortKey?: Sort;
};

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A column's header; a sortable one says its order to screen readers with `aria-sort`, arrows for the eye. */
export function HeaderCell<Row, Sort extends string>({
  column,
  sort,
  dir,
  onSort,
}: {
  column: DataTableColumn<Row, Sort>;
  sort: Sort | undefined;
  dir: SortDirection | undefined;
  onSort: ((sort: Sort, dir: SortDirection) => void) | undefined;
}) {
  const align = column.numeric ? 'right' : undefined;
  if (column.sortKey === undefined || !onSort)
    return (
      <Table.Th scope="col" ta={align} w={column.width}>
        {column.header}
      </Table.Th>
    );
  const sortKey = column.sortKey;
  const active = sort === sortKey;
  return (
    <Table.Th
      scope="col"
      ta={align}
      w={column.width}
      style={nowrap}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort(sortKey, active && dir === 'asc' ? 'desc' : 'asc')}
      >
        {column.header}
        <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

type RowProps<Row, Sort extends string> = {
  row: Row;
  columns: DataTableColumn<Row, Sort>[];
  answerFirst: boolean;
  data: Record<`data-${string}`, string> | undefined;
};

/**
 * A row of one record in a live list, marked for a moment when the server pushes a change of it: a tinted
 * background for the eye, "updated" in its first cell for screen readers.
 */
export function LiveRow<Row, Sort extends string>({
  kind,
  reference,
  ...props
}: RowProps<Row, Sort> & { kind: string; reference: string }) {
  return <BodyRow {...props} changed={useRecentlyChanged(kind, reference)} />;
}

export function BodyRow<Row, Sort extends string>({
  row,
  columns,
  answerFirst,
  data,
  changed,
}: RowProps<Row, Sort> & { changed?: boolean }) {
  return (
    <Table.Tr
      {...data}
      className={answerFirst ? 'answer-first' : undefined}
      data-recently-changed={changed || undefined}
      bg={changed ? 'var(--mantine-primary-color-light)' : undefined}
      style={changed === undefined ? undefined : { transition: 'background-color 600ms ease-out' }}
    >
      {columns.map((column, index) => {
        const Cell = column.rowHeader ? Table.Th : Table.Td;
        return (
          <Cell
            key={column.key}
            scope={column.rowHeader ? 'row' : undefined}
            ta={column.numeric ? 'right' : undefined}
            style={column.nowrap ? nowrap : undefined}
            data-answer={column.answer || undefined}
          >
            {column.cell(row)}
            {changed && index === 0 ? <VisuallyHidden> (updated)</VisuallyHidden> : null}
          </Cell>
        );
      })}
    </Table.Tr>
  );
}
