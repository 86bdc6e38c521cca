import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Milestone } from '@/contract/order';
import { MilestoneList } from './milestone-list';
import { StatusBadge } from './status-badge';
import { TechnicalDetails } from './technical-details';

type ShipmentTimelineProps = {
  /** Heading of the card, e.g. "Shipment 1 of 2". */
  heading: string;
  shipmentId: string;
  wmsId?: string;
  status: string;
  /** Whose shipment it is: the words of its status and milestones depend on it. */
  of: 'order-shipment' | 'receive';
  milestones: readonly Milestone[];
  /** What the shipment holds beside its milestones: tracking, packages, lines. */
  children?: ReactNode;
};

/**
 * One shipment of an order or receive: its status, its milestones in sequence, what it carried, and its ids
 * under a disclosure.
 */
export function ShipmentTimeline({
  heading,
  shipmentId,
  wmsId,
  status,
  of,
  milestones,
  children,
}: ShipmentTimelineProps) {
  return (
    <Card withBorder component="section" aria-label={heading}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4">
            {heading}
          </Title>
          <StatusBadge status={status} of={of} />
        </Group>
        <div>
          <Title order={4} size="h5" mb="xs">
            Milestones
          </Title>
          <MilestoneList milestones={milestones} status={status} of={of} label={`Milestones of ${heading}`} />
        </div>
        {children}
        <TechnicalDetails
          items={[
            { label: 'Shipment id', value: shipmentId },
            { label: 'Warehouse system id (wmsId)', value: wmsId },
          ]}
        />
      </Stack>
    </Card>
  );
}
