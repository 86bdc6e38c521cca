import type { DemoPacket } from './demo-catalog';
import { type PlannedOrder, planDemoOrders } from './demo-order-plan';
import { type PlannedReceive, planDemoReceives, planDemoReturns } from './demo-receive-plan';

/**
 * The demo week as data: every order, receive and return with what the warehouse does to it and when
 * (hours before now). Pure and seeded, so the seed is the same on every machine.
 */
export function planDemoWeek(
  now: Date,
  packet: DemoPacket,
): { orders: PlannedOrder[]; receives: PlannedReceive[]; returns: PlannedReceive[] } {
  const orders = planDemoOrders(now, packet);
  return {
    orders,
    receives: planDemoReceives(now, packet, orders),
    returns: planDemoReturns(now, packet, orders),
  };
}

/** The primary references of every order, receive and return the demo seed creates. */
export function demoPlanReferences(packet: DemoPacket): string[] {
  const { orders, receives, returns } = planDemoWeek(new Date(), packet);
  return [...orders, ...receives, ...returns].map((planned) => planned.body.primaryReference);
}
