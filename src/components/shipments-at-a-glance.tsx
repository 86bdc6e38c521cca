import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type ShipmentAtAGlance = {
  id: string;
  /** Beside the heading: the state. */
  state: ReactNode;
  /** Its date, carrier, tracking or transport: a few short lines. */
  facts: ReactNode;
};

/**
 * The first block of an order or receive page: one small card per shipment, side by side where there is room
 * (so a split order's tracking numbers sit together), then what is still to come.
 */
export function ShipmentsAtAGlance({
  shipments,
  none,
  children,
}: {
  shipments: readonly ShipmentAtAGlance[];
  /** What to say when there is no shipment: that none is open yet, or why there never was one. */
  none: string;
  /** Below the cards: what is still owed or outstanding. */
  children: ReactNode;
}) {
  const count = shipments.length;
  return (
    <Stack component="section" aria-labelledby="shipments-at-a-glance" gap="sm">
      <Title order={2} size="h4" id="shipments-at-a-glance">
        Shipments
      </Title>
      {count === 0 ? (
        <Text c="dimmed">{none}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: Math.min(count, 2), lg: Math.min(count, 3) }} spacing="sm">
          {shipments.map((shipment, index) => (
            <Card
              key={shipment.id}
              withBorder
              padding="sm"
              component="article"
              aria-labelledby={`glance-${shipment.id}`}
            >
              <Stack gap={6}>
                <Group gap="sm" justify="space-between">
                  <Title order={3} size="h5" id={`glance-${shipment.id}`}>
                    {count > 1 ? `Shipment ${index + 1} of ${count}` : 'Shipment'}
                  </Title>
                  {shipment.state}
                </Group>
                {shipment.facts}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {children}
    </Stack>
  );
}
