import { editableShipmentStatuses, type Order } from '../../../contract/order';

const statusWords: Record<string, string> = {
  PIC: 'has started picking this order',
  FIN: 'has shipped this order',
  CAN: 'has canceled this order',
};

export type OrderEditability = { editable: true } | { editable: false; reason: string };

/**
 * The interface allows a correction only while every shipment is ENT or HEL; otherwise say which one moved
 * on.
 */
export function orderEditability(order: Pick<Order, 'status' | 'shipments'>): OrderEditability {
  const moved = order.shipments.find((shipment) => !editableShipmentStatuses.includes(shipment.status));
  if (!moved) return { editable: true };
  const what = statusWords[moved.status] ?? `has moved this order on`;
  return {
    editable: false,
    reason: `The warehouse ${what} (shipment ${moved.id} is ${moved.status}), so it can no longer be changed.`,
  };
}
