import { Alert, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import type { IndexStatus } from '@/contract/index-records';
import { formatNumber } from '@/domain/format';
import { useCan } from '@/lib/session';

/** Its place in the list keys it: two rejections may share a moment, a size and a reason. */
type Rejection = IndexStatus['webhooks']['recentRejections'][number] & { position: number };

const rejectionColumns: DataTableColumn<Rejection>[] = [
  { key: 'at', header: 'When', cell: (row) => <LocalTime value={row.at} focusable={false} /> },
  { key: 'reason', header: 'Why it was rejected', cell: (row) => row.reason ?? '—' },
  { key: 'bytes', header: 'Size (bytes)', numeric: true, cell: (row) => formatNumber(row.bytes) },
  {
    key: 'excerpt',
    header: 'Start of the body',
    cell: (row) => (
      <Text size="xs" ff="monospace" lineClamp={2} style={{ wordBreak: 'break-all' }}>
        {row.excerpt ?? '—'}
      </Text>
    ),
  },
];

/** What the console did with the warehouse's webhooks: counts of every outcome and the latest rejections. */
export function WebhookIntakeSection({ webhooks }: { webhooks: IndexStatus['webhooks'] }) {
  const readsSettings = useCan('settings.read');
  return (
    <Stack component="section" aria-labelledby="intake-heading" gap="md">
      <Title order={2} size="h3" id="intake-heading">
        Webhook intake
      </Title>
      {webhooks.enabled ? null : (
        <Alert color="yellow" title="Webhooks are off">
          {readsSettings ? 'The console has no WEBHOOK_TOKEN, so it' : 'The console'} refuses the warehouse's
          webhooks; the index lives on the sync, lookups and the console's own changes.
        </Alert>
      )}
      <KeyValueList
        columns={6}
        items={[
          { label: 'Received', value: formatNumber(webhooks.received) },
          { label: 'Stored', value: formatNumber(webhooks.stored), hint: 'A newer version, or the first' },
          {
            label: 'Duplicates',
            value: formatNumber(webhooks.duplicate),
            hint: 'The version already held: ignored',
          },
          {
            label: 'Stale',
            value: formatNumber(webhooks.stale),
            hint: 'Older than the version held: ignored',
          },
          { label: 'Rejected', value: formatNumber(webhooks.rejected) },
          {
            label: 'Last received',
            value:
              webhooks.lastReceivedAt === null ? (
                'Never'
              ) : (
                <LocalTime value={new Date(webhooks.lastReceivedAt).toISOString()} />
              ),
          },
        ]}
      />
      <DataTable
        caption="Latest rejected deliveries, newest first"
        columns={rejectionColumns}
        rows={webhooks.recentRejections.map((row, position) => ({ ...row, position }))}
        rowKey={(row) => String(row.position)}
        empty={
          <EmptyState
            headingLevel={3}
            title="No rejected deliveries"
            description="Every delivery the console received could be read."
          />
        }
      />
    </Stack>
  );
}
