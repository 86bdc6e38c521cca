import { editableShipmentStatuses, type Order } from '@/contract/order';
import { statusCodeWords } from '@/domain/record-states';

const statusWords: Record<string, string> = {
  PIC: 'has started picking this order',
  FIN: 'has shipped this order',
  CAN: 'has canceled this order',
};

/** "Picking, PIC": the status in the states' words, its code beside them. */
function shipmentStatusInWords(code: string): string {
  const words = statusCodeWords(code, 'order-shipment');
  return words ? `${words}, ${code}` : code;
}

export type OrderEditability = { editable: true } | { editable: false; reason: string };

/**
 * The interface allows a correction only while every shipment is ENT or HEL; otherwise say which one moved
 * on, by its place in the order (its id is a machine's word, kept under the page's technical details).
 */
export function orderEditability(order: Pick<Order, 'status' | 'shipments'>): OrderEditability {
  const index = order.shipments.findIndex((shipment) => !editableShipmentStatuses.includes(shipment.status));
  if (index < 0) return { editable: true };
  const moved = order.shipments[index];
  const what = statusWords[moved.status] ?? `has moved this order on`;
  return {
    editable: false,
    reason: `The warehouse ${what} (shipment ${index + 1} is ${shipmentStatusInWords(moved.status)}), so it can no longer be changed.`,
  };
}
