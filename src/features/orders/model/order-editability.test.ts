import { describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import { orderEditability } from './order-editability';

const withShipments = (...statuses: string[]) =>
  orderSchema.parse({
    id: 'o',
    primaryReference: 'R',
    status: 'PRS',
    shipments: statuses.map((status, index) => ({ id: `s${index + 1}`, status })),
  });

describe('orderEditability', () => {
  it('allows a correction while every shipment is entered or on hold', () => {
    expect(orderEditability(withShipments('ENT', 'HEL'))).toEqual({ editable: true });
  });

  it('names the shipment that moved on, by its place rather than its id, and why', () => {
    expect(orderEditability(withShipments('ENT', 'PIC'))).toEqual({
      editable: false,
      reason:
        'The warehouse has started picking this order (shipment 2 is Picking, PIC), so it can no longer be changed.',
    });
    expect(orderEditability(withShipments('FIN'))).toMatchObject({
      editable: false,
      reason: expect.stringContaining('has shipped'),
    });
  });
});
