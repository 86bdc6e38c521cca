import type { ReceiveListRow } from '@/contract/index-lists';
import { RETURN_SUBTYPE, type Receive, senderOf } from '@/contract/receive';
import { originalOrderOf, returnReasonsOf } from '@/contract/return-references';
import { finishedAt } from '@/domain/finished-time';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';

/** A receive found by its exact reference (not from the index), as a row of the list. */
export function receiveAsListRow(receive: Receive): ReceiveListRow {
  const completeness = computeReceiveCompleteness(receive);
  const finalizedMs = receive.status === 'FIN' ? finishedAt(receive) : null;
  return {
    reference: receive.primaryReference,
    kind: receive.subtype === RETURN_SUBTYPE ? 'return' : 'receive',
    status: receive.status,
    state: completeness.state,
    warehouse: receive.warehouseCode ?? '',
    sender: senderOf(receive),
    originalOrder: originalOrderOf(receive) ?? '',
    reason: returnReasonsOf(receive)[0] ?? '',
    eta: receive.eta ?? null,
    finalized: finalizedMs === null ? null : new Date(finalizedMs).toISOString(),
    updated: receive.dateLastUpdated ?? '',
    announced: completeness.announced,
    received: completeness.received,
    short: completeness.lines.some((line) => line.state === 'short'),
    over: completeness.lines.some((line) => line.state === 'over'),
    unitsShort: completeness.unitsShort,
    unitsOver: completeness.unitsOver,
  };
}
