import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order';
import type { Receive } from '../../contract/receive';
import { orderBody, productBody, receiveBody } from '../testing/request-bodies';
import { createTestSandbox, databaseDigest, expectSuccess, orgHeaders } from '../testing/test-harness';
import { createAutopilot, startAutopilot } from './autopilot';
import { fateOf } from './autopilot-moves';
import { demoReferences } from './demo-references';

const start = new Date('2026-11-22T09:00:00Z');

function setup() {
  let clock = start;
  const sandbox = createTestSandbox({ now: () => clock });
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  return { sandbox, advance, now: () => clock };
}

const shippedMinusOrdered = (order: Order) => {
  const shipped = order.shipments
    .flatMap((shipment) => shipment.shipmentLines)
    .reduce((sum, line) => sum + line.quantity, 0);
  return shipped - order.orderLines.reduce((sum, line) => sum + line.quantity, 0);
};
const receivedMinusAnnounced = (receive: Receive) =>
  (receive.shipments[0]?.totalQuantity ?? 0) -
  receive.receiveLines.reduce((sum, line) => sum + line.quantity, 0);

describe('autopilot', () => {
  it('moves new orders and receives through the life cycle as their fate says, a few per run', async () => {
    const { sandbox, advance, now } = setup();
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('TEE') }));
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('MUG') }));
    // Created before the autopilot started: a demo week order stays as it is; any other is worked on.
    const showcase = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: orderBody(demoReferences.orders.entered, 'TEE'),
      }),
    );
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody('SO-OLD', 'TEE') }));
    advance(1000);
    const autopilot = createAutopilot({
      store: sandbox.store,
      config: sandbox.config,
      now,
      timing: { actAfterMs: 30_000, newOrderEveryMs: 0, maxActionsPerTick: 4 },
    });
    const orderReferences = Array.from({ length: 24 }, (_, index) => `SO-AP-${index + 1}`);
    for (const reference of orderReferences) {
      const lines = [
        { productCode: 'TEE', quantity: 4 },
        { productCode: 'MUG', quantity: 2 },
      ];
      expectSuccess(
        await sandbox.call('POST', '/warehouse/v1/orders', {
          body: orderBody(reference, 'TEE', { orderLines: lines }),
        }),
      );
    }
    const receiveReferences = Array.from({ length: 12 }, (_, index) => `PO-AP-${index + 1}`);
    for (const reference of receiveReferences) {
      const lines = [
        { productCode: 'TEE', quantity: 20 },
        { productCode: 'MUG', quantity: 8 },
      ];
      expectSuccess(
        await sandbox.call('POST', '/warehouse/v1/receives', {
          body: receiveBody(reference, 'TEE', { receiveLines: lines }),
        }),
      );
    }

    advance(10_000);
    expect(await autopilot.tick()).toEqual([]);
    advance(30_000);
    const first = await autopilot.tick();
    expect(first).toHaveLength(4);

    for (let run = 0; run < 80; run++) {
      advance(31_000);
      await autopilot.tick();
    }
    for (const reference of orderReferences) {
      const order: Order = expectSuccess(
        await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=${reference}`),
      ).orders[0];
      const fate = fateOf(reference, 'order');
      expect(order.status, reference).toBe('FIN');
      expect(
        order.shipments[0]?.milestones.some((milestone) => milestone.code === 'HEL'),
        reference,
      ).toBe(fate === 'held');
      const difference = shippedMinusOrdered(order);
      expect(
        fate === 'short' ? difference < 0 : fate === 'over' ? difference > 0 : difference === 0,
        reference,
      ).toBe(true);
      expect(order.shipments[0]?.packages, reference).toHaveLength(2);
    }
    for (const reference of receiveReferences) {
      const receive: Receive = expectSuccess(
        await sandbox.call('GET', `/warehouse/v1/receives?PrimaryReference=${reference}`),
      ).receives[0];
      const fate = fateOf(reference, 'receive');
      expect(receive.status, reference).toBe('FIN');
      const difference = receivedMinusAnnounced(receive);
      expect(
        fate === 'short' ? difference < 0 : fate === 'over' ? difference > 0 : difference === 0,
        reference,
      ).toBe(true);
    }
    const fates = new Set([...orderReferences.map((reference) => fateOf(reference, 'order'))]);
    expect(fates.size).toBeGreaterThanOrEqual(3);

    const untouched: Order = expectSuccess(
      await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=${showcase.primaryReference}`),
    ).orders[0];
    expect(untouched.shipments[0]?.status).toBe('ENT');
    const older: Order = expectSuccess(
      await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-OLD'),
    ).orders[0];
    expect(older.shipments[0]?.status).toBe('FIN');
  });

  it('releases a shipment it held once it has waited, but leaves a hold placed by a person', async () => {
    const { sandbox, advance, now } = setup();
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('TEE') }));
    const autopilot = createAutopilot({
      store: sandbox.store,
      config: sandbox.config,
      now,
      timing: { actAfterMs: 30_000, releaseAfterMs: 120_000, newOrderEveryMs: 0 },
    });
    const candidates = Array.from({ length: 100 }, (_, index) => `SO-HOLD-${index + 1}`);
    const [held, other] = candidates.filter((reference) => fateOf(reference, 'order') === 'held');
    for (const reference of [held, other]) {
      expectSuccess(
        await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference ?? '', 'TEE') }),
      );
    }
    // A person holds the other order first, with a reason of their own.
    expectSuccess(
      await sandbox.call('POST', `/sandbox/v1/orders/${other}/hold`, { body: { reason: 'customer called' } }),
    );
    advance(31_000);
    expect(await autopilot.tick()).toEqual([{ organization: 'default', reference: held, action: 'hold' }]);
    advance(60_000);
    expect(await autopilot.tick()).toEqual([]);
    advance(61_000);
    expect(await autopilot.tick()).toEqual([{ organization: 'default', reference: held, action: 'release' }]);
    advance(31_000);
    expect(await autopilot.tick()).toEqual([{ organization: 'default', reference: held, action: 'pick' }]);
    advance(600_000);
    await autopilot.tick();
    const status = async (reference: string | undefined) =>
      expectSuccess(await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=${reference}`)).orders[0]
        .shipments[0].status;
    expect(await status(held)).toBe('FIN');
    expect(await status(other)).toBe('HEL');
  });

  it('places a new order now and then, which it then moves', async () => {
    const { sandbox, advance, now } = setup();
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('TEE') }));
    const autopilot = createAutopilot({
      store: sandbox.store,
      config: sandbox.config,
      now,
      timing: { actAfterMs: 30_000, newOrderEveryMs: 90_000 },
    });
    advance(60_000);
    expect(await autopilot.tick()).toEqual([]);
    advance(31_000);
    const placed = await autopilot.tick();
    expect(placed).toEqual([{ organization: 'default', reference: 'SO-500001', action: 'create' }]);
    advance(31_000);
    expect((await autopilot.tick()).map((move) => move.action)).toEqual([
      fateOf('SO-500001', 'order') === 'held' ? 'hold' : 'pick',
    ]);
  });

  it('places its orders in the demo organization when that is one of the multi-organization key', async () => {
    let clock = start;
    const sandbox = createTestSandbox({ now: () => clock, config: { demoOrganization: 'north' } });
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('TEE'),
        headers: orgHeaders('north'),
      }),
    );
    const autopilot = createAutopilot({
      store: sandbox.store,
      config: sandbox.config,
      now: () => clock,
      timing: { newOrderEveryMs: 90_000 },
    });
    clock = new Date(start.getTime() + 91_000);
    expect(await autopilot.tick()).toEqual([
      { organization: 'north', reference: 'SO-500001', action: 'create' },
    ]);
    expect(sandbox.store.orders.count('north')).toBe(1);
  });

  it('stops cleanly: no run after stop', async () => {
    const { sandbox, advance, now } = setup();
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('TEE') }));
    const stop = startAutopilot({
      store: sandbox.store,
      config: sandbox.config,
      now,
      timing: { intervalMs: 5, actAfterMs: 0, newOrderEveryMs: 1 },
    });
    advance(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await stop();
    expect(sandbox.store.orders.count()).toBeGreaterThan(0);
    const after = databaseDigest(sandbox.store);
    advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(databaseDigest(sandbox.store)).toBe(after);
  });
});
