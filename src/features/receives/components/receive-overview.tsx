import { Badge, Group, Stack, Text } from '@mantine/core';
import { AddressBlock } from '../../../components/address-block';
import { CompletenessBar } from '../../../components/completeness-bar';
import { KeyValueList } from '../../../components/key-value-list';
import { LocalTime } from '../../../components/local-time';
import { StatusBadge } from '../../../components/status-badge';
import type { Receive } from '../../../contract/receive';
import { displayPercentage, type ReceiveCompleteness } from '../model/receive-completeness';
import { daysPastEta, etaStanding } from '../model/receive-eta';
import type { ReceiveKindWords } from '../model/receive-kind';
import { CompletenessBadge, completenessColors } from './completeness-badge';

function EtaValue({
  eta,
  now,
  stillExpected,
}: {
  eta: string | null | undefined;
  now: Date;
  stillExpected: boolean;
}) {
  const standing = etaStanding(eta, now, stillExpected);
  if (!eta || standing === 'none') return <>{eta || '—'}</>;
  return (
    <Group gap="xs" component="span">
      <LocalTime value={eta} />
      {standing === 'overdue' ? (
        <Badge color="red.9" variant="filled" radius="sm" tt="none">
          Overdue by {daysPastEta(eta, now)} day(s)
        </Badge>
      ) : null}
      {standing === 'today' ? (
        <Badge color="blue.8" variant="filled" radius="sm" tt="none">
          Due today
        </Badge>
      ) : null}
    </Group>
  );
}

/** The receive at a glance: how complete it is, its references, where it comes from and when. */
export function ReceiveOverview({
  receive,
  completeness,
  words,
  now,
}: {
  receive: Receive;
  completeness: ReceiveCompleteness;
  words: ReceiveKindWords;
  now: Date;
}) {
  const stillExpected = receive.status === 'PRS' && completeness.received < completeness.announced;
  const percentage = displayPercentage(completeness.percentage);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <CompletenessBadge state={completeness.state} />
          <Text fw={500}>
            {completeness.received} of {completeness.announced} announced units received ({percentage}%)
          </Text>
        </Group>
        <CompletenessBar
          percentage={percentage}
          color={completenessColors[completeness.state]}
          label={`Received of ${receive.primaryReference}`}
          size="lg"
        />
      </Stack>
      <KeyValueList
        items={[
          { label: words.primaryReference, value: receive.primaryReference },
          { label: 'Secondary reference', value: receive.secondaryReference },
          { label: words.transportReference, value: receive.transportReference },
          { label: 'Warehouse', value: receive.warehouseCode },
          { label: 'Status', value: <StatusBadge status={receive.status} /> },
          { label: 'ETA', value: <EtaValue eta={receive.eta} now={now} stillExpected={stillExpected} /> },
          { label: 'Created', value: <LocalTime value={receive.dateCreated} /> },
          { label: 'Last updated', value: <LocalTime value={receive.dateLastUpdated} /> },
          {
            label: 'Additional references',
            value: receive.additionalReferences.map((item) => `${item.key}: ${item.value}`).join(', '),
          },
        ]}
      />
      <div>
        <Text size="sm" c="dimmed">
          {words.shipFrom}
        </Text>
        {receive.shipFromAddress ? <AddressBlock value={receive.shipFromAddress} /> : <Text>—</Text>}
      </div>
    </Stack>
  );
}
