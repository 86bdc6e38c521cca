import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { formatNumber } from '@/domain/format';
import { useConsoleConfig } from '@/lib/get-console-config';
import { indexStatusQueryKey } from '@/lib/get-index-status';
import { syncKeys, useIndexStatus } from '../api/sync-keys';
import { elapsedWords } from '../model/elapsed-words';
import { IndexChecksSection } from './index-checks-section';
import { SandboxDeliveriesSection } from './sandbox-deliveries-section';
import { SyncRunSection } from './sync-run-section';
import { WebhookIntakeSection } from './webhook-intake-section';

const kindLabels = { order: 'Orders', receive: 'Receives', return: 'Returns', product: 'Products' } as const;

/**
 * How the console's index keeps up with the warehouse: how far it has caught up, the webhooks it took
 * in, the last sync, and in sandbox mode the sandbox's own log of what it sent.
 */
export function SyncPage() {
  const { data: status, error, isFetching } = useIndexStatus();
  const { mode } = useConsoleConfig();
  const queryClient = useQueryClient();
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Sync</Title>
          <Text c="dimmed">How fresh the console's copy of the warehouse's records is, and why.</Text>
        </div>
        <Button
          variant="light"
          loading={isFetching}
          onClick={() =>
            void Promise.all([
              queryClient.invalidateQueries({ queryKey: indexStatusQueryKey }),
              queryClient.invalidateQueries({ queryKey: syncKeys.all }),
            ])
          }
        >
          Read again
        </Button>
      </Group>
      {error ? (
        <Alert color="red" title="The figures could not be read again">
          {error.message} These are the ones read before.
        </Alert>
      ) : null}
      <Stack component="section" aria-labelledby="index-heading" gap="md">
        <Title order={2} size="h3" id="index-heading">
          The index
        </Title>
        <KeyValueList
          columns={6}
          items={[
            {
              label: 'Newest change held',
              value: status.newestChange ? <LocalTime value={status.newestChange} /> : 'None yet',
            },
            {
              label: 'Lag',
              value: status.lagSeconds === null ? null : elapsedWords(status.lagSeconds),
              hint: 'Now minus the newest change held; it grows while the warehouse is quiet, too',
            },
            ...Object.entries(kindLabels).map(([kind, label]) => ({
              label,
              value: formatNumber(status.records[kind] ?? 0),
            })),
          ]}
        />
      </Stack>
      <WebhookIntakeSection webhooks={status.webhooks} />
      <SyncRunSection sync={status.sync} />
      <IndexChecksSection checks={status.checks} />
      {mode === 'sandbox' ? <SandboxDeliveriesSection /> : null}
    </Stack>
  );
}
