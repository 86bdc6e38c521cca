import type { Receive } from '../../../contract/receive';
import { lineName } from '../../../domain/receive-discrepancies';

/** One shipment of the receive, headed by the references a supplier knows it by. */
export type ClaimShipment = {
  /** The warehouse's id of the shipment: said small, never a heading. */
  id: string;
  /** "Delivery 1 of 2: docket DOCK-77, transport reference TRUCK-9". */
  heading: string;
  /** What a table's cell calls it: its docket, else its number. */
  label: string;
  status: string;
  arrived: string | null;
  lines: { line: string; productCode: string; received: number }[];
  milestones: { milestone: string; at: string | null }[];
};

/** The receive's shipments, each headed by its number among them and its docket and transport reference. */
export function deliveriesOf(receive: Receive): ClaimShipment[] {
  const count = receive.shipments.length;
  return receive.shipments.map((shipment, index) => {
    const references = [
      shipment.wmsDocketId ? `docket ${shipment.wmsDocketId}` : null,
      shipment.transportReference || receive.transportReference
        ? `transport reference ${shipment.transportReference || receive.transportReference}`
        : null,
    ].filter((reference) => reference !== null);
    const number = count === 1 ? 'Delivery' : `Delivery ${index + 1} of ${count}`;
    return {
      id: shipment.id,
      heading: references.length > 0 ? `${number}: ${references.join(', ')}` : number,
      label: shipment.wmsDocketId || String(index + 1),
      status: shipment.status,
      arrived: shipment.arrivalDate ?? null,
      lines: shipment.receiveLines.map((line) => ({
        line: lineName(line),
        productCode: line.productCode,
        received: line.quantity,
      })),
      milestones: shipment.milestones.map((milestone) => ({
        milestone: milestone.description ? `${milestone.description} (${milestone.code})` : milestone.code,
        at: milestone.actualDate ?? null,
      })),
    };
  });
}
