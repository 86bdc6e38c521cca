import { Box, Text } from '@mantine/core';
import { KeyValueList } from './key-value-list';

/**
 * The machine ids of a record or shipment (ids, warehouse system ids), one click away: support needs them to
 * talk to the warehouse, nobody needs them to read the page.
 */
export function TechnicalDetails({ items }: { items: { label: string; value: string | undefined }[] }) {
  const shown = items.filter((item) => item.value);
  if (shown.length === 0) return null;
  return (
    <Box component="details">
      <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
        Technical details
      </Text>
      <Box mt="xs">
        <KeyValueList
          columns={2}
          items={shown.map((item) => ({
            label: item.label,
            value: (
              <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.value}
              </Text>
            ),
          }))}
        />
      </Box>
    </Box>
  );
}
