import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardRows } from './card-rows';
import { BodyRow, type DataTableColumn, HeaderCell, LiveRow, type SortDirection } from './data-table-cells';

// The column's type is part of the table's props: its users import both from here.
export type { DataTableColumn, SortDirection } from './data-table-cells';

/** A table has a visible caption, or a label where it has none or the caption says more than a name. */
type TableName = { caption: string; label?: string } | { caption?: undefined; label: string };

type DataTableProps<Row, Sort extends string> = TableName & {
  columns: DataTableColumn<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Below the table: pagination links, counts. */
  footer?: ReactNode;
  /** The order of a list sorted elsewhere (the server), which the columns with a `sortKey` change. */
  sort?: Sort;
  dir?: SortDirection;
  onSort?: (sort: Sort, dir: SortDirection) => void;
  /** The record a row shows, for a list whose rows are marked for a moment when a live change of it arrives. */
  liveRow?: (row: Row) => { kind: string; reference: string };
  /** A row's `data-` attributes (its state, a test id), which styles and tests read. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** Narrower than this, the table scrolls sideways in a region of its own, which the keyboard can reach. */
  minWidth?: number;
  /** On a phone too the rows stay a table that scrolls, instead of a card each (a shipment's lines in its card). */
  scrollOnPhone?: boolean;
};

/**
 * Real `<table>` markup with a caption and column headers, so screen readers and tests can read it; cards
 * on a phone, each cell named by its column, unless `scrollOnPhone`.
 */
export function DataTable<Row, Sort extends string = string>(props: DataTableProps<Row, Sort>) {
  const { caption, label, columns, rows, rowKey, empty, footer, liveRow, rowData, minWidth } = props;
  if (rows.length === 0) return <>{empty}</>;
  const answerFirst = columns.some((column) => column.answer);
  const table = (
    <Table.ScrollContainer
      minWidth={minWidth ?? 0}
      type="native"
      {...(minWidth ? { tabIndex: 0, role: 'region', 'aria-label': label ?? caption } : {})}
    >
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top" aria-label={label}>
        {caption ? <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <HeaderCell
                key={column.key}
                column={column}
                sort={props.sort}
                dir={props.dir}
                onSort={props.onSort}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const cells = { row, columns, answerFirst, data: rowData?.(row) };
            const live = liveRow?.(row);
            return live ? (
              <LiveRow key={rowKey(row)} {...cells} {...live} />
            ) : (
              <BodyRow key={rowKey(row)} {...cells} />
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <>
      {props.scrollOnPhone ? table : <CardRows>{table}</CardRows>}
      {footer}
    </>
  );
}
