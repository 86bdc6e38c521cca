import { Text } from '@mantine/core';
import { ShipmentsAtAGlance } from '@/components/shipments-at-a-glance';
import type { Receive, ReceiveShipment } from '@/contract/receive';
import { formatDate, formatFirstOf, formatNumber } from '@/domain/format';
import type { ReceiveCompleteness } from '@/domain/receive-completeness';
import type { ReceiveKindWords } from '../model/receive-kind';
import { noShipmentText } from './receive-shipments';

function newestMilestoneDate(shipment: ReceiveShipment, code: string): string | undefined {
  return shipment.milestones.filter((milestone) => milestone.code === code).at(-1)?.actualDate;
}

/** Where one receive shipment stands, in a sentence: received, arrived, expected or canceled, and when. */
export function receiveShipmentStanding(shipment: ReceiveShipment): string {
  const day = (value: string | null | undefined) => (value ? formatDate(value) : undefined);
  if (shipment.status === 'CAN') {
    const on = day(newestMilestoneDate(shipment, 'CAN') ?? shipment.dateLastUpdated);
    return on ? `Canceled on ${on}` : 'Canceled';
  }
  const arrived = day(shipment.arrivalDate);
  if (shipment.status === 'FIN') {
    const on = arrived ?? day(newestMilestoneDate(shipment, 'FIN') ?? shipment.dateLastUpdated);
    return on ? `Received on ${on}` : 'Received';
  }
  const counting = shipment.receiveLines.some((line) => line.quantity > 0);
  if (arrived) return counting ? `Arrived on ${arrived}, being received` : `Arrived on ${arrived}`;
  if (counting) return 'Being received';
  const expected = day(shipment.eta);
  return expected ? `Expected ${expected}` : 'Not arrived yet';
}

/** What is still to come while the receive is open; once it is finalized or canceled nothing is. */
function outstandingText(receive: Receive, completeness: ReceiveCompleteness): string {
  if (receive.status === 'CAN') return 'nothing, the receive was canceled.';
  if (receive.status === 'FIN') return 'nothing, the warehouse finalized it.';
  const open = completeness.lines.filter((line) => line.received < line.announced);
  if (open.length === 0) return 'nothing, everything announced has arrived.';
  return formatFirstOf(
    open.map((line) => `${formatNumber(line.announced - line.received)} × ${line.productCode}`),
  );
}

function ShipmentFacts({
  shipment,
  words,
  transportReference,
}: {
  shipment: ReceiveShipment;
  words: ReceiveKindWords;
  /** The receive's, for a shipment that names none of its own. */
  transportReference: string | undefined;
}) {
  return (
    <>
      <Text size="sm" fw={500}>
        {receiveShipmentStanding(shipment)}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {words.transportReference}{' '}
        </Text>
        {shipment.transportReference || transportReference || '—'}
      </Text>
    </>
  );
}

/**
 * What a person opens a receive to learn, first: where each shipment stands and when, how it travels, and
 * what is still outstanding.
 */
export function ReceiveAnswer({
  receive,
  completeness,
  words,
}: {
  receive: Receive;
  completeness: ReceiveCompleteness;
  words: ReceiveKindWords;
}) {
  return (
    <ShipmentsAtAGlance
      none={noShipmentText(receive.status)}
      shipments={receive.shipments.map((shipment) => ({
        id: shipment.id,
        state: (
          <Text
            span
            size="xs"
            c="dimmed"
            ff="monospace"
            title={`The operator's status code: ${shipment.status}`}
          >
            {shipment.status}
          </Text>
        ),
        facts: (
          <ShipmentFacts shipment={shipment} words={words} transportReference={receive.transportReference} />
        ),
      }))}
    >
      <Text size="sm" data-testid="outstanding">
        <Text span fw={600} size="sm">
          Outstanding:{' '}
        </Text>
        {outstandingText(receive, completeness)}
      </Text>
    </ShipmentsAtAGlance>
  );
}
