import { describe, expect, it } from 'vitest';
import type { Order } from '../contract/order';
import {
  deriveOrderState,
  holdReason,
  isOrderLate,
  isReceiveOverdue,
  orderStateOf,
  receiveStateOf,
} from './record-states';

type Shipment = Order['shipments'][number];
const shipment = (status: string, extra: Partial<Shipment> = {}): Shipment =>
  ({ id: `s-${status}`, status, packages: [], shipmentLines: [], milestones: [], ...extra }) as Shipment;
const line = {
  productCode: 'A',
  quantity: 2,
  lineNumber: '1',
  partAttributes: [],
} as unknown as Order['orderLines'][number];
const order = (status: string, shipments: Shipment[]) => ({ status, orderLines: [line], shipments });

describe('order states', () => {
  it('says On hold for a held shipment, with the reason the operator wrote', () => {
    const held = order('PRS', [
      shipment('HEL', {
        milestones: [
          { code: 'WHE', description: 'Entered at the warehouse' },
          { code: 'HEL', description: 'On hold: Address needs checking' },
        ],
      }),
    ]);
    expect(deriveOrderState(held).state).toBe('held');
    expect(orderStateOf('held').label).toBe('On hold');
    expect(holdReason(held)).toBe('Address needs checking');
    expect(
      holdReason(order('PRS', [shipment('HEL', { milestones: [{ code: 'HEL', description: 'On hold' }] })])),
    ).toBeNull();
  });

  it('tells shipped short from shipped, and a finalized order is not late', () => {
    const shortLine = { productCode: 'A', quantity: 1, lineNumber: '1' };
    const short = order('FIN', [
      shipment('FIN', { shipmentLines: [shortLine] as Shipment['shipmentLines'] }),
    ]);
    expect(deriveOrderState(short).state).toBe('shipped_short');
    expect(orderStateOf('shipped_short').label).toBe('Shipped short');
    expect(isOrderLate('shipped_short', '2020-01-01T00:00:00Z', Date.now())).toBe(false);
    expect(isOrderLate('picking', '2020-01-01T00:00:00Z', Date.now())).toBe(true);
    expect(isOrderLate('picking', '2999-01-01T00:00:00Z', Date.now())).toBe(false);
  });
  it('says Shipped, not Shipped short, when the units that did not ship were canceled', () => {
    const shipped = { productCode: 'A', quantity: 1, lineNumber: '1' };
    const split = order('FIN', [
      shipment('FIN', { shipmentLines: [shipped] as Shipment['shipmentLines'] }),
      shipment('CAN', { shipmentLines: [shipped] as Shipment['shipmentLines'] }),
    ]);
    expect(deriveOrderState(split)).toEqual({ state: 'shipped', short: false, over: false });
  });
});

describe('receive states', () => {
  it('says Partly received, and Overdue only when nothing came by the ETA', () => {
    expect(receiveStateOf('partial').label).toBe('Partly received');
    expect(receiveStateOf('made-up').label).toBe('Other state');
    expect(isReceiveOverdue('awaiting', '2020-01-01T00:00:00Z', Date.now())).toBe(true);
    expect(isReceiveOverdue('partial', '2020-01-01T00:00:00Z', Date.now())).toBe(false);
    expect(isReceiveOverdue('awaiting', null, Date.now())).toBe(false);
  });
});
