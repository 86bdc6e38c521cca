import { Text, Timeline } from '@mantine/core';
import type { Milestone } from '@/contract/order';
import { milestoneWords } from '@/domain/record-states';
import { LocalTime } from './local-time';

/** Milestones in their sequence (the interface numbers them from "1"), with the time each happened. */
export function sortMilestones(milestones: readonly Milestone[]): Milestone[] {
  return milestones
    .map((milestone, index) => ({ milestone, index }))
    .sort((a, b) => {
      const bySequence =
        Number(a.milestone.sequence ?? Number.NaN) - Number(b.milestone.sequence ?? Number.NaN);
      return Number.isNaN(bySequence) || bySequence === 0 ? a.index - b.index : bySequence;
    })
    .map(({ milestone }) => milestone);
}

/** None to show: yet to come while the shipment is open, none at all once it is finished or canceled. */
export function noMilestonesText(status: string): string {
  return status === 'FIN' || status === 'CAN' ? 'The warehouse sent no milestones.' : 'No milestones yet.';
}

export function MilestoneList({
  milestones,
  status,
  of,
  label,
}: {
  milestones: readonly Milestone[];
  /** The shipment's status code. */
  status: string;
  /** Whose shipment: an order's FIN milestone reads "Shipped", a receive's "Finalized". */
  of: 'order-shipment' | 'receive';
  label: string;
}) {
  const sorted = sortMilestones(milestones);
  if (sorted.length === 0) return <Text c="dimmed">{noMilestonesText(status)}</Text>;
  return (
    <Timeline active={sorted.length - 1} bulletSize={14} lineWidth={2} aria-label={label} role="list">
      {sorted.map((milestone) => (
        <Timeline.Item
          key={`${milestone.sequence ?? ''}-${milestone.code}-${milestone.actualDate ?? ''}`}
          role="listitem"
          title={`${milestoneWords(milestone.code, of)} (${milestone.code})`}
        >
          {milestone.description ? <Text size="sm">{milestone.description}</Text> : null}
          <Text size="sm" c="dimmed">
            <LocalTime value={milestone.actualDate} />
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
