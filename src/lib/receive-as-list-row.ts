import type { ReceiveListRow } from '../contract/index-lists';
import { RETURN_SUBTYPE, type Receive } from '../contract/receive';
import { originalOrderOf, returnReasonsOf } from '../contract/return-references';
import { computeReceiveCompleteness } from '../domain/receive-completeness';

/** A receive found by its exact reference (not from the index), as a row of the list. */
export function receiveAsListRow(receive: Receive): ReceiveListRow {
  const completeness = computeReceiveCompleteness(receive);
  const from = receive.shipFromAddress;
  return {
    reference: receive.primaryReference,
    kind: receive.subtype === RETURN_SUBTYPE ? 'return' : 'receive',
    status: receive.status,
    state: completeness.state,
    warehouse: receive.warehouseCode ?? '',
    sender: from?.contact?.personName || from?.address?.organization || '',
    originalOrder: originalOrderOf(receive) ?? '',
    reason: returnReasonsOf(receive)[0] ?? '',
    eta: receive.eta ?? null,
    updated: receive.dateLastUpdated ?? '',
    announced: completeness.announced,
    received: completeness.received,
    short: completeness.lines.some((line) => line.state === 'short'),
    over: completeness.lines.some((line) => line.state === 'over'),
  };
}
