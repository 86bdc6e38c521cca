import { Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AddressBlock } from '@/components/address-block';
import { CustomerLink, SupplierLink } from '@/components/party-links';
import { CompletenessBar } from '@/components/completeness-bar';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { StatusBadge } from '@/components/status-badge';
import { RETURN_SUBTYPE, type Receive } from '@/contract/receive';
import { formatNumber } from '@/domain/format';
import { displayPercentage, isStillExpected, type ReceiveCompleteness } from '@/domain/receive-completeness';
import { extraWords, lineTitle, missingWords } from '@/domain/receive-discrepancies';
import { receiveStateOf } from '@/domain/record-states';
import type { ReceiveKindWords } from '../model/receive-kind';
import { EtaText } from './eta-text';

/** What to chase with the supplier (missing) or reconcile (extra), in words. */
function Discrepancies({ completeness }: { completeness: ReceiveCompleteness }) {
  const missing = completeness.lines.filter((line) => line.state === 'short');
  const extra = completeness.lines.filter((line) => line.state === 'over');
  if (missing.length === 0 && extra.length === 0) return null;
  return (
    <Group gap="xl" align="flex-start" data-testid="discrepancies">
      {missing.length > 0 ? (
        <div>
          <Text fw={600}>Missing</Text>
          <List size="sm">
            {missing.map((line) => (
              <List.Item key={line.key}>
                {lineTitle(line)}: {missingWords(line)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {extra.length > 0 ? (
        <div>
          <Text fw={600}>Extra</Text>
          <List size="sm">
            {extra.map((line) => (
              <List.Item key={line.key}>
                {lineTitle(line)}: {extraWords(line)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Group>
  );
}

/**
 * The receive at a glance: how complete it is, its references, where it comes from and when; `children`
 * go under what was short or over.
 */
export function ReceiveOverview({
  receive,
  completeness,
  words,
  now,
  children,
}: {
  receive: Receive;
  completeness: ReceiveCompleteness;
  words: ReceiveKindWords;
  now: Date;
  children?: ReactNode;
}) {
  const stillExpected = isStillExpected(receive.status, completeness);
  const percentage = displayPercentage(completeness.percentage);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          {/* The state itself is in the page's header. */}
          <Text fw={500}>
            {formatNumber(completeness.receivedOfAnnounced)} of {formatNumber(completeness.announced)}{' '}
            announced units received ({percentage}%)
            {completeness.received > completeness.receivedOfAnnounced
              ? `, ${formatNumber(completeness.received - completeness.receivedOfAnnounced)} extra`
              : ''}
          </Text>
        </Group>
        <CompletenessBar
          percentage={percentage}
          color={receiveStateOf(completeness.state).color}
          label={`Received of ${receive.primaryReference}`}
          size="lg"
        />
        <Discrepancies completeness={completeness} />
        {children}
      </Stack>
      <KeyValueList
        items={[
          { label: words.primaryReference, value: receive.primaryReference },
          { label: 'Secondary reference', value: receive.secondaryReference },
          { label: words.transportReference, value: receive.transportReference },
          { label: 'Warehouse', value: receive.warehouseCode },
          { label: 'Status', value: <StatusBadge status={receive.status} of="receive" /> },
          { label: 'ETA', value: <EtaText eta={receive.eta} now={now} stillExpected={stillExpected} /> },
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
        {receive.subtype === RETURN_SUBTYPE ? (
          <CustomerLink block={receive.shipFromAddress}>Every order and return of this customer</CustomerLink>
        ) : (
          <SupplierLink block={receive.shipFromAddress} />
        )}
      </div>
    </Stack>
  );
}
