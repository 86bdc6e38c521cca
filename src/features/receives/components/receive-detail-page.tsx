import { Alert, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { AllFields } from '@/components/all-fields';
import { FreshnessLine } from '@/components/freshness-line';
import { HeadingReference } from '@/components/heading-reference';
import { RecordActivity } from '@/components/record-activity';
import { RecordPageHeader } from '@/components/record-page-header';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import { TechnicalDetails } from '@/components/technical-details';
import { countOf } from '@/domain/format';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useProductDescriptions } from '@/lib/get-product-descriptions';
import { useRecentlyChanged } from '@/lib/recent-changes';
import { useCan } from '@/lib/session';
import { useReceive, useRefreshReceive } from '../api/get-receive';
import { isReturn, type ReceiveKind, receiveKindWords } from '../model/receive-kind';
import { ClaimPacket } from './claim-packet';
import { ReceiveAnswer } from './receive-answer';
import { ReceiveLinesTable } from './receive-lines-table';
import { ReceiveOverview } from './receive-overview';
import { ReceiveShipments } from './receive-shipments';
import { ReceivedSublinesTable } from './received-sublines-table';
import { SandboxWarehousePanel } from './sandbox-warehouse-panel';
import { UnitCostsForm } from './unit-costs-form';

/**
 * One receive or return, answers first: its state, where each shipment stands and what is outstanding; then
 * completeness, lines, captured sublines and each shipment's milestones.
 */
export function ReceiveDetailPage({ kind, referenceOrId }: { kind: ReceiveKind; referenceOrId: string }) {
  const { record: receive, freshness } = useReceive(referenceOrId);
  const refresh = useRefreshReceive(referenceOrId, receive.primaryReference);
  const config = useConsoleConfig();
  const mayChange = useCan('receives.write');
  const completeness = useMemo(() => computeReceiveCompleteness(receive), [receive]);
  const attributeLabels = Object.fromEntries(config.attributeKeys.map((item) => [item.key, item.label]));
  const descriptions = useProductDescriptions(completeness.lines.map((line) => line.productCode));
  const words = receiveKindWords[kind];
  const actualKind: ReceiveKind = isReturn(receive) ? 'returns' : 'receives';
  const title = `${kind === 'returns' ? 'Return' : 'Receive'} ${receive.primaryReference}`;
  // The server pushed a change of it a moment ago: its overview and shipments are marked.
  const changed = useRecentlyChanged(
    actualKind === 'returns' ? 'return' : 'receive',
    receive.primaryReference,
  );
  const mark = `live-mark${changed ? ' recently-changed' : ''}`;
  const now = new Date();

  return (
    <Stack gap="xl">
      <RecordPageHeader
        list={{ to: words.listPath, label: `All ${words.plural.toLowerCase()}` }}
        title={
          <>
            {kind === 'returns' ? 'Return' : 'Receive'}{' '}
            <HeadingReference reference={receive.primaryReference} />
          </>
        }
        badge={<ReceiveStateBadge state={completeness.state} eta={receive.eta} status={receive.status} />}
        changed={changed}
      >
        <FreshnessLine freshness={freshness} refresh={refresh} />
      </RecordPageHeader>
      {actualKind !== kind ? (
        <Alert
          color="blue"
          variant="outline"
          title={`This is ${actualKind === 'returns' ? 'a return' : 'a receive'}`}
        >
          <AnchorLink
            to={receiveKindWords[actualKind].detailPath}
            params={{ reference: receive.primaryReference }}
          >
            Open it among the {actualKind}
          </AnchorLink>
        </Alert>
      ) : null}
      <div className={mark}>
        <ReceiveAnswer receive={receive} completeness={completeness} words={words} />
      </div>
      <div className={mark}>
        <ReceiveOverview receive={receive} completeness={completeness} words={words} now={now}>
          <ClaimPacket receive={receive} completeness={completeness} now={now} />
        </ReceiveOverview>
      </div>
      <section aria-labelledby="lines-heading">
        <Title order={2} size="h3" id="lines-heading" mb="sm">
          Lines: announced against received
        </Title>
        <ReceiveLinesTable
          lines={completeness.lines}
          descriptions={descriptions}
          caption={`Received quantities summed over ${countOf(receive.shipments.filter((shipment) => shipment.status !== 'CAN').length, 'shipment')}, canceled shipments left out`}
        />
      </section>
      <UnitCostsForm receive={receive} lines={completeness.lines} descriptions={descriptions} />
      <section aria-labelledby="sublines-heading">
        <Title order={2} size="h3" id="sublines-heading" mb="sm">
          Serial numbers, lots and expiry dates
        </Title>
        <ReceivedSublinesTable
          status={receive.status}
          lines={completeness.lines}
          attributeLabels={attributeLabels}
          shipmentIds={receive.shipments.map((shipment) => shipment.id)}
          descriptions={descriptions}
        />
      </section>
      {mayChange && config.mode === 'sandbox' ? (
        <SandboxWarehousePanel receive={receive} lines={completeness.lines} />
      ) : null}
      <section aria-labelledby="shipments-heading" className={mark}>
        <Title order={2} size="h3" id="shipments-heading" mb="sm">
          Milestones and pallets
        </Title>
        <ReceiveShipments shipments={receive.shipments} status={receive.status} descriptions={descriptions} />
      </section>
      <TechnicalDetails
        items={[{ label: `${kind === 'returns' ? 'Return' : 'Receive'} id`, value: receive.id }]}
      />
      <AllFields record={receive} label={title.replace(/^\w/, (first) => first.toLowerCase())} />
      <RecordActivity kind={kind === 'returns' ? 'return' : 'receive'} reference={receive.primaryReference} />
    </Stack>
  );
}
