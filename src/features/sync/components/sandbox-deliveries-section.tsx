import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { LocalTime } from '@/components/local-time';
import type { WebhookDelivery } from '@/contract/sandbox-webhook-deliveries';
import { formatNumber } from '@/domain/format';
import { shownDeliveries, useWebhookDeliveries } from '../api/list-webhook-deliveries';

const stateBadges: Record<WebhookDelivery['state'], { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Waiting to retry' },
  delivered: { color: 'teal', label: 'Delivered' },
  failed: { color: 'red', label: 'Gave up' },
};

const columns: DataTableColumn<WebhookDelivery>[] = [
  {
    key: 'created',
    header: 'Change at',
    cell: (row) => <LocalTime value={row.createdAt} focusable={false} />,
  },
  { key: 'record', header: 'Record', cell: (row) => `${row.kind} ${row.primaryReference}` },
  {
    key: 'state',
    header: 'State',
    cell: (row) => (
      <Badge color={stateBadges[row.state].color} variant="light" miw="max-content">
        {stateBadges[row.state].label}
      </Badge>
    ),
  },
  { key: 'attempts', header: 'Attempts', numeric: true, cell: (row) => formatNumber(row.attempts) },
  { key: 'status', header: 'Last status', numeric: true, cell: (row) => row.lastStatus ?? '—' },
  {
    key: 'answer',
    header: 'Last answer',
    cell: (row) => (
      <Text size="xs" ff="monospace" lineClamp={2} style={{ wordBreak: 'break-all' }}>
        {row.lastAnswer ?? '—'}
      </Text>
    ),
  },
  {
    key: 'faults',
    header: 'Faults drawn',
    cell: (row) => (row.faults.length > 0 ? row.faults.join(', ') : '—'),
  },
];

/** The sandbox's own log of the webhooks it sent the console (sandbox mode only). */
export function SandboxDeliveriesSection() {
  const deliveries = useWebhookDeliveries();
  return (
    <Stack component="section" aria-labelledby="deliveries-heading" gap="md">
      <Title order={2} size="h3" id="deliveries-heading">
        The sandbox's webhook deliveries
      </Title>
      <Text c="dimmed" size="sm">
        What the sandbox, playing the warehouse, sent to this console: its newest {shownDeliveries}, with
        every attempt's outcome. The real warehouse shows its deliveries nowhere.
      </Text>
      {deliveries.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading the sandbox's deliveries…</Text>
        </Group>
      ) : deliveries.isError ? (
        <Alert color="red" title="The sandbox's deliveries could not be read">
          {deliveries.error.message}
        </Alert>
      ) : (
        <DataTable
          caption="Newest deliveries first"
          columns={columns}
          rows={deliveries.data}
          rowKey={(row) => row.id}
          empty={
            <EmptyState
              headingLevel={3}
              title="No deliveries yet"
              description="The sandbox sends one for every change of an order or receive."
            />
          }
        />
      )}
    </Stack>
  );
}
