import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardRows } from './card-rows';

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
};

type DataTableProps<Row> = {
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Below the table: pagination links, counts. */
  footer?: ReactNode;
};

/**
 * Real `<table>` markup with a caption and column headers, so screen readers and tests can read it; cards
 * on a phone.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, footer }: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <CardRows>
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
            <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} scope="col" ta={column.numeric ? 'right' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </CardRows>
      {footer}
    </>
  );
}
