import { Box, Code, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './data-table';

type FieldRow = { path: string; value: string; empty: boolean };

function shownValue(value: unknown): Omit<FieldRow, 'path'> {
  if (value === null) return { value: 'null', empty: true };
  if (value === undefined) return { value: 'not sent', empty: true };
  if (Array.isArray(value)) return { value: '[] (empty list)', empty: true };
  if (typeof value === 'object') return { value: '{} (empty)', empty: true };
  if (typeof value === 'string')
    return { value: value === '' ? '"" (empty text)' : value, empty: value === '' };
  return { value: String(value), empty: false };
}

/**
 * Every member of a record as one row per value, named by its path (`shipments[0].receiveLines[1].palletId`),
 * so members the console has no place for are still there to read.
 */
export function fieldRows(record: unknown, path = ''): FieldRow[] {
  if (Array.isArray(record) && record.length > 0)
    return record.flatMap((item, index) => fieldRows(item, `${path}[${index}]`));
  if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
    const entries = Object.entries(record);
    if (entries.length > 0)
      return entries.flatMap(([key, value]) => fieldRows(value, path ? `${path}.${key}` : key));
  }
  return [{ path, ...shownValue(record) }];
}

const columns: DataTableColumn<FieldRow>[] = [
  { key: 'field', header: 'Field', cell: (row) => <Code bg="transparent">{row.path}</Code> },
  {
    key: 'value',
    header: 'Value',
    cell: (row) => (
      <Text span inherit c={row.empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {row.value}
      </Text>
    ),
  },
];

/**
 * A disclosure at the foot of a record's page: every field the operator sent, including those the page does
 * not show. Rows are built only once it is opened, since an order may hold thousands of values.
 */
export function AllFields({ record, label }: { record: unknown; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="details"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      pt="sm"
    >
      <Text component="summary" fw={600} style={{ cursor: 'pointer' }}>
        All fields
      </Text>
      {open ? (
        <Box mt="sm">
          <DataTable
            caption={`Every field of ${label} as the warehouse service sent it, one value per row.`}
            label={`All fields of ${label}`}
            columns={columns}
            rows={fieldRows(record)}
            rowKey={(row) => row.path}
            scrollOnPhone
            empty={null}
          />
        </Box>
      ) : null}
    </Box>
  );
}
