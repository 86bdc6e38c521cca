import type { Order } from '../../contract/order';
import type { Receive } from '../../contract/receive';
import type { AutopilotTiming } from './autopilot-timing';
import { plannedLines } from './order-shipping';
import { seededRandom } from './seeded-random';

/** Marks the autopilot's own holds: a hold a person placed is theirs to release. */
const HOLD_REASON = 'Address needs checking';

type Fate = 'full' | 'short' | 'over' | 'held' | 'partial';

/** What happens to a document, fixed by its reference so every run agrees. */
export function fateOf(reference: string, kind: 'order' | 'receive'): Fate {
  const roll = seededRandom(`autopilot:${kind}:${reference}`).next();
  if (roll < 0.08) return kind === 'order' ? 'held' : 'partial';
  if (roll < 0.2) return 'short';
  if (roll < 0.27) return 'over';
  if (kind === 'receive' && roll < 0.4) return 'partial';
  return 'full';
}

function ageMs(stamp: string | undefined, now: Date): number {
  const at = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(at) ? 0 : now.getTime() - at;
}

function changedQuantities(
  lines: readonly { lineNumber?: string | number; quantity: number }[],
  fate: Fate,
): { lineNumber: string; quantity: number }[] | undefined {
  if (fate !== 'short' && fate !== 'over') return undefined;
  const changed = lines.map((line, index) => {
    const quantity =
      index > 0 ? line.quantity : fate === 'over' ? line.quantity + 1 : Math.floor(line.quantity * 0.75);
    return { lineNumber: String(line.lineNumber), quantity };
  });
  return changed.some((line) => line.quantity > 0) ? changed : undefined;
}

/** The warehouse's next step on the first of the order's shipments that has waited long enough, if any. */
export function orderMove(
  order: Order,
  at: Date,
  timing: AutopilotTiming,
): { action: string; body?: unknown; shipmentId: string } | undefined {
  const fate = fateOf(order.primaryReference, 'order');
  for (const shipment of order.shipments) {
    if (ageMs(shipment.dateLastUpdated, at) < timing.actAfterMs) continue;
    if (shipment.status === 'ENT') {
      const heldBefore = shipment.milestones.some((milestone) => milestone.code === 'HEL');
      if (fate === 'held' && !heldBefore) {
        return { action: 'hold', body: { reason: HOLD_REASON }, shipmentId: shipment.id };
      }
      return { action: 'pick', shipmentId: shipment.id };
    }
    if (shipment.status === 'HEL') {
      const hold = shipment.milestones.findLast((milestone) => milestone.code === 'HEL');
      const own = hold?.description?.endsWith(HOLD_REASON) ?? false;
      if (own && ageMs(shipment.dateLastUpdated, at) >= timing.releaseAfterMs) {
        return { action: 'release', shipmentId: shipment.id };
      }
    }
    if (shipment.status === 'PIC') {
      const lines = plannedLines(order, shipment);
      const shipmentLines = changedQuantities(lines, fate);
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      const packages = units >= 4 ? [{}, {}] : undefined;
      return { action: 'ship', body: { shipmentLines, packages }, shipmentId: shipment.id };
    }
  }
  return undefined;
}

/** The warehouse's next step on the receive, once its open shipment has waited long enough. */
export function receiveMove(
  receive: Receive,
  at: Date,
  timing: AutopilotTiming,
): { action: string; body?: unknown } | undefined {
  const shipment = receive.shipments.find((candidate) => candidate.status === 'PRS');
  if (!shipment || ageMs(shipment.dateLastUpdated, at) < timing.actAfterMs) return undefined;
  const fate = fateOf(receive.primaryReference, 'receive');
  const received = shipment.totalQuantity ?? 0;
  if (received === 0) {
    if (fate === 'partial' && receive.receiveLines.length > 1) {
      const first = receive.receiveLines[0];
      return {
        action: 'receive',
        body: { receiveLines: [{ lineNumber: String(first?.lineNumber), quantity: first?.quantity }] },
      };
    }
    const receiveLines = changedQuantities(receive.receiveLines, fate);
    return {
      action: 'receive',
      body: receiveLines ? { receiveLines: receiveLines.filter((line) => line.quantity > 0) } : {},
    };
  }
  const announced = receive.receiveLines.reduce((sum, line) => sum + line.quantity, 0);
  if (fate === 'partial' && received < announced) return { action: 'receive' };
  return { action: 'finalize' };
}
