import { Badge, Group, Text } from '@mantine/core';
import { formatNumber } from '@/domain/format';
import {
  isOrderLate,
  isReceiveOverdue,
  lateWords,
  orderStateOf,
  overdueWords,
  receiveStateOf,
  type StateWords,
} from '@/domain/record-states';

function WordBadge({ words }: { words: StateWords }) {
  // Never narrower than its word: a table column must not clip it to "Shi…".
  return (
    <Badge color={words.color} variant="filled" radius="sm" tt="none" miw="max-content">
      {words.label}
    </Badge>
  );
}

/**
 * A state in words, with "Late"/"Overdue" beside it when due has passed, and the operator's status code one
 * look away: written small after the words, for the warehouse staff who speak in codes.
 */
function StateBadges({ words, due, status }: { words: StateWords; due: StateWords | null; status?: string }) {
  return (
    <Group gap={6} wrap="nowrap" display="inline-flex">
      <WordBadge words={words} />
      {due && <WordBadge words={due} />}
      {status && (
        // Text color, not dimmed: the header it sits in is tinted while it changes live.
        <Text span size="xs" ff="monospace" title={`The operator's status code: ${status}`}>
          {status}
        </Text>
      )}
    </Group>
  );
}

export function OrderStateBadge({
  state,
  requiredShipDate,
  status,
  canceledUnits = 0,
  nowMs = Date.now(),
}: {
  state: string;
  requiredShipDate?: string | null;
  /** The operator's status code, shown beside the words. */
  status?: string;
  /** Units of an order not canceled as a whole whose shipment was: "Shipped, 3 canceled". */
  canceledUnits?: number;
  nowMs?: number;
}) {
  const late = isOrderLate(state, requiredShipDate, nowMs);
  const words = orderStateOf(state);
  const label = canceledUnits > 0 ? `${words.label}, ${formatNumber(canceledUnits)} canceled` : words.label;
  return <StateBadges words={{ ...words, label }} due={late ? lateWords : null} status={status} />;
}

export function ReceiveStateBadge({
  state,
  eta,
  status,
  nowMs = Date.now(),
}: {
  state: string;
  eta?: string | null;
  status?: string;
  nowMs?: number;
}) {
  const overdue = isReceiveOverdue(state, eta, nowMs);
  return <StateBadges words={receiveStateOf(state)} due={overdue ? overdueWords : null} status={status} />;
}
