import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { AllFields } from '@/components/all-fields';
import { CustomerMessageButton } from '@/components/customer-message-button';
import { FreshnessLine } from '@/components/freshness-line';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { RecordActivity } from '@/components/record-activity';
import { RecordPageHeader } from '@/components/record-page-header';
import { CustomerLink } from '@/components/party-links';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import { RETURN_SUBTYPE } from '@/contract/receive';
import { originalOrderOf } from '@/contract/return-references';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useOrderReturns } from '@/lib/get-order-returns';
import { useProductDescriptions } from '@/lib/get-product-descriptions';
import { useRecentlyChanged } from '@/lib/recent-changes';
import { useCan } from '@/lib/session';
import { useOriginalOrder } from '../api/get-original-order';
import { useReceive, useRefreshReceive } from '../api/get-receive';
import { customerReturnText } from '../model/customer-return-status';
import { refundOf, returnLineRows } from '../model/return-lines';
import { ClaimPacket } from './claim-packet';
import { ReturnLinesTable } from './return-lines-table';
import { SandboxWarehousePanel } from './sandbox-warehouse-panel';

/** What the finalized return refunds, and what it does not because another return already counted it. */
function RefundVerdict({ refund, notRefunded }: { refund: string[]; notRefunded: string[] }) {
  const unrefunded =
    notRefunded.length > 0 ? <Text size="sm">Not refunded: {notRefunded.join('; ')}.</Text> : null;
  if (refund.length === 0)
    return (
      <Alert color="gray" variant="outline" title="Nothing to refund" data-testid="nothing-to-refund">
        {unrefunded}
      </Alert>
    );
  return (
    <Alert color="teal.9" variant="filled" title="Ready to refund" data-testid="ready-to-refund">
      <Text size="sm">
        Refund {refund.join(', ')}: everything announced came back and the warehouse finalized the return.
      </Text>
      {unrefunded}
    </Alert>
  );
}

/**
 * One return: its state and whether the customer can be refunded first, then the original order's lines
 * against what came back and why.
 */
export function ReturnDetailPage({ referenceOrId }: { referenceOrId: string }) {
  const { record: receive, freshness } = useReceive(referenceOrId);
  const refresh = useRefreshReceive(referenceOrId, receive.primaryReference);
  const originalReference = originalOrderOf(receive) ?? '';
  const order = useOriginalOrder(originalReference);
  const completeness = useMemo(() => computeReceiveCompleteness(receive), [receive]);
  const rows = useMemo(() => returnLineRows(order, receive, completeness), [order, receive, completeness]);
  const orderReturns = useOrderReturns(order?.primaryReference ?? '');
  const refund = refundOf(order, receive, completeness, orderReturns);
  const changed = useRecentlyChanged('return', receive.primaryReference);
  const config = useConsoleConfig();
  const mayChange = useCan('returns.write');
  const descriptions = useProductDescriptions(rows.map((row) => row.productCode));
  const customer = receive.shipFromAddress;
  const title = `Return ${receive.primaryReference}`;

  return (
    <Stack gap="xl">
      <RecordPageHeader list={{ to: '/returns', label: 'All returns' }} title={title} changed={changed}>
        <FreshnessLine freshness={freshness} refresh={refresh} />
        <Group mt="xs">
          <CustomerMessageButton
            compose={() => customerReturnText(receive, order, (code) => descriptions.get(code) ?? code)}
          />
        </Group>
      </RecordPageHeader>
      {receive.subtype !== RETURN_SUBTYPE ? (
        <Alert color="blue" variant="outline" title="This is a receive">
          <AnchorLink to="/receives/$reference" params={{ reference: receive.primaryReference }}>
            Open it among the receives
          </AnchorLink>
        </Alert>
      ) : null}
      {refund ? <RefundVerdict {...refund} /> : null}
      <Stack gap="md" className={`live-mark${changed ? ' recently-changed' : ''}`}>
        <ReceiveStateBadge state={completeness.state} eta={receive.eta} status={receive.status} />
        <ClaimPacket receive={receive} completeness={completeness} now={new Date()} />
        <KeyValueList
          items={[
            {
              label: 'Original order',
              value: originalReference ? (
                <AnchorLink to="/orders/$reference" params={{ reference: originalReference }}>
                  {originalReference}
                </AnchorLink>
              ) : (
                'Not named'
              ),
            },
            {
              label: 'Customer',
              value: (
                <>
                  {customer?.contact?.personName || customer?.address?.organization || '—'}{' '}
                  <CustomerLink block={customer}>(all their orders and returns)</CustomerLink>
                </>
              ),
            },
            { label: 'ETA', value: receive.eta ? <LocalTime value={receive.eta} dayValued /> : '—' },
            { label: 'Return tracking', value: receive.transportReference },
            { label: 'Warehouse', value: receive.warehouseCode },
          ]}
        />
        {originalReference && !order ? (
          <Alert color="orange" variant="outline" title="Original order not found">
            No order has the reference {originalReference}: its shipped quantities cannot be shown.
          </Alert>
        ) : null}
      </Stack>
      <section aria-labelledby="return-lines-heading">
        <Title order={2} size="h3" id="return-lines-heading" mb="sm">
          Shipped, announced back, received back
        </Title>
        <ReturnLinesTable
          rows={rows}
          descriptions={descriptions}
          caption={
            order
              ? `The lines of order ${order.primaryReference} and what comes back of them`
              : 'What comes back'
          }
        />
      </section>
      {mayChange && config.mode === 'sandbox' ? (
        <SandboxWarehousePanel receive={receive} lines={completeness.lines} />
      ) : null}
      <AllFields record={receive} label={`return ${receive.primaryReference}`} />
      <RecordActivity kind="return" reference={receive.primaryReference} />
    </Stack>
  );
}
