import { Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { OrderStateBadge, ReceiveStateBadge } from '@/components/state-badge';
import type { QueueDefinition, QueueRow, WorkQueue } from '@/contract/work-queues';
import { claimWindowOf, claimWindowWords } from '@/domain/claim-window';
import { formatNumber } from '@/domain/format';
import { orderStateWords } from '@/domain/record-states';
import { queueWords } from '../model/queue-words';

const listPaths = { orders: '/orders', receives: '/receives', returns: '/returns' } as const;

const recordPaths = {
  order: '/orders/$reference',
  receive: '/receives/$reference',
  return: '/returns/$reference',
} as const;

/** How a queue's rows are read: the claim window's days once the settings arrived, as of the page's now. */
export type QueueReading = { claimWindowDays: number | undefined; now: Date };

/** A receive or return finalized short or over: the days left to claim it. */
function claimWindowOfRow(row: QueueRow, { claimWindowDays, now }: QueueReading) {
  const discrepant = row.kind !== 'order' && (row.state === 'short' || row.state === 'over');
  if (!discrepant || row.finished === null || claimWindowDays === undefined) return null;
  return claimWindowOf(Date.parse(row.finished), claimWindowDays, now.getTime());
}

/** The date a row is read by: an order's ship-by day, a receive's ETA, or the day it was finalized once it was. */
function RowDate({ row }: { row: QueueRow }) {
  if (row.kind !== 'order' && row.finished !== null)
    return (
      <>
        Finalized <LocalTime value={row.finished} focusable={false} />
      </>
    );
  return (
    <>
      {row.kind === 'order' ? 'Ship by' : 'ETA'}{' '}
      {row.due ? <LocalTime value={row.due} focusable={false} dayValued /> : 'not given'}
    </>
  );
}

function QueueRecord({ row, reading }: { row: QueueRow; reading: QueueReading }) {
  const claimWindow = claimWindowOfRow(row, reading);
  return (
    <Stack component="li" gap={2} py={6}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <AnchorLink to={recordPaths[row.kind]} params={{ reference: row.reference }} fw={600}>
          {row.reference}
        </AnchorLink>
        {row.kind === 'order' ? (
          <OrderStateBadge state={row.state} requiredShipDate={row.due} />
        ) : (
          <ReceiveStateBadge state={row.state} eta={row.due} />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {row.title || 'No name given'} · <RowDate row={row} />
      </Text>
      {row.holdReason ? (
        <Text size="sm">
          {orderStateWords.held.label}: {row.holdReason}
        </Text>
      ) : null}
      {claimWindow ? (
        <Text size="sm" fw={500} data-testid="claim-window">
          {claimWindowWords(claimWindow)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One queue: how many, the first few, and the link to the list of all of them. */
export function WorkQueueCard({
  queue,
  definition,
  reading,
}: {
  queue: WorkQueue;
  definition: QueueDefinition;
  reading: QueueReading;
}) {
  const words = queueWords[queue.name];
  const headingId = `queue-${queue.name}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {words.title}
          </Title>
          <Text fz={28} fw={700} lh={1} data-testid="queue-count">
            {formatNumber(queue.total)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {words.holds}
        </Text>
        {queue.total === 0 ? (
          <Text size="sm" c="teal.9" fw={500}>
            Clear. {words.clear}
          </Text>
        ) : (
          <>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {queue.rows.map((row) => (
                <QueueRecord key={row.reference} row={row} reading={reading} />
              ))}
            </Stack>
            {/* The contract's search is what the list route's validateSearch reads. */}
            <AnchorLink to={listPaths[definition.list]} search={definition.search as never} size="sm">
              See all {formatNumber(queue.total)}
              <VisuallyHidden> {words.title.toLowerCase()}</VisuallyHidden>
            </AnchorLink>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function WorkQueueCardSkeleton() {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Skeleton height={24} width="60%" />
        <Skeleton height={14} width="80%" />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    </Paper>
  );
}
