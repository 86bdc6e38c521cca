import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type KeyValueItem = { label: string; value: ReactNode; hint?: string };

/** A description list: label above value, values left empty shown as a dash so gaps are visible. */
export function KeyValueList({ items, columns = 3 }: { items: KeyValueItem[]; columns?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: columns }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item, index) => (
        // By position: labels repeat (two additional references with the same name).
        // The list is rebuilt whole from its items, never reordered in place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index}>
          <Text component="dt" size="sm" c="dimmed" title={item.hint}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {item.value === '' || item.value === undefined || item.value === null ? '—' : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
