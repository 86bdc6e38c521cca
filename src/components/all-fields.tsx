import { Box, Code, ScrollArea, Table, Text } from '@mantine/core';
import { useState } from 'react';

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
        <ScrollArea type="auto" mt="sm">
          <Table striped verticalSpacing={4} captionSide="top" aria-label={`All fields of ${label}`}>
            <Table.Caption style={{ textAlign: 'left' }}>
              Every field of {label} as the warehouse service sent it, one value per row.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fieldRows(record).map((row) => (
                <Table.Tr key={row.path}>
                  <Table.Td>
                    <Code bg="transparent">{row.path}</Code>
                  </Table.Td>
                  <Table.Td c={row.empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {row.value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
    </Box>
  );
}
