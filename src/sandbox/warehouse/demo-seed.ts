import type { Order } from '../../contract/order';
import { createSandboxApp } from '../app';
import { credentialsFor, type SandboxConfig } from '../config';
import type { SandboxStore } from '../store';
import { demoProductsFor } from './demo-catalog';
import { type PlannedOrder, pascalCaseBody } from './demo-order-plan';
import { planDemoWeek } from './demo-plan';
import type { PlannedReceive } from './demo-receive-plan';
import type { PlannedStep } from './demo-schedule';

const HOUR_MS = 3_600_000;

type SeedEvent = { hoursAgo: number; run: () => Promise<unknown> };
/** One document's creation and its steps, each after the one before. */
type Track = SeedEvent[];

/**
 * Every track's events merged oldest first. A track's times never go back, so its events keep their order;
 * on equal times the track listed first goes first, so the merge is the same on every run.
 */
export function inTimeOrder(tracks: readonly Track[]): SeedEvent[] {
  const events = tracks.flatMap((track, trackIndex) =>
    track.map((event, position) => ({ event, trackIndex, position })),
  );
  events.sort(
    (a, b) => b.event.hoursAgo - a.event.hoursAgo || a.trackIndex - b.trackIndex || a.position - b.position,
  );
  return events.map(({ event }) => event);
}
/** Products were set up before the demo week began. */
const PRODUCTS_HOURS_AGO = 24 * 30;

export type DemoSeedSummary = { products: number; orders: number; receives: number; returns: number };

/** True when no organization has any product, order or receive: the only time the seed runs. */
export function isEmptyStore(store: SandboxStore): boolean {
  return store.products.count() === 0 && store.orders.count() === 0 && store.receives.count() === 0;
}

/**
 * Call it before the sandbox serves requests, as startSandbox does. Fills an empty database with the demo
 * warehouse's week, for config.demoOrganization: the
 * products, 150 orders, 30 receives and 10 returns of the demo plan, created and moved through the
 * sandbox's own HTTP handlers with a clock set back to when each thing happened. Returns null (and
 * changes nothing) when the database already holds data.
 */
export async function seedDemoData(deps: {
  store: SandboxStore;
  config: SandboxConfig;
  now?: Date;
}): Promise<DemoSeedSummary | null> {
  const { store, config } = deps;
  if (!isEmptyStore(store)) return null;
  const now = deps.now ?? new Date();
  let clock = now;
  const app = createSandboxApp({ store, config, now: () => clock });
  const at = (hoursAgo: number) => {
    clock = new Date(now.getTime() - hoursAgo * HOUR_MS);
  };

  async function send<T>(path: string, body?: unknown): Promise<T> {
    const response = await app.request(path, {
      method: 'POST',
      headers: { ...credentialsFor(config, config.demoOrganization), 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const answer = (await response.json()) as { data: T; errors: { detail?: string }[] };
    if (response.status !== 200) {
      throw new Error(
        `demo seed: POST ${path} answered ${response.status}: ${answer.errors.map((error) => error.detail).join('; ')}`,
      );
    }
    return answer.data;
  }

  const { orders, receives, returns } = planDemoWeek(now, config);
  const products = demoProductsFor(config);

  async function createEverything() {
    for (const [index, { kind: _kind, ...product }] of products.entries()) {
      at(PRODUCTS_HOURS_AGO - index * 0.25);
      await send('/warehouse/v1/products', product);
    }

    const orderPath = (order: Order, step: PlannedStep) => {
      if (step.path === 'split') return `/sandbox/v1/orders/${order.id}/split`;
      const shipment = step.shipment === undefined ? undefined : order.shipments[step.shipment];
      return shipment
        ? `/sandbox/v1/orders/${order.id}/shipments/${shipment.id}/${step.path}`
        : `/sandbox/v1/orders/${order.id}/${step.path}`;
    };
    const orderTrack = (planned: PlannedOrder): Track => {
      let order: Order | undefined;
      return [
        {
          hoursAgo: planned.hoursAgo,
          run: async () => {
            order = await send<Order>(
              '/warehouse/v1/orders',
              planned.pascalCase ? pascalCaseBody(planned.body) : planned.body,
            );
          },
        },
        ...planned.steps.map((step) => ({
          hoursAgo: step.hoursAgo,
          run: async () => {
            if (!order)
              throw new Error(`demo seed: ${planned.body.primaryReference} acted on before it was created`);
            order = await send<Order>(orderPath(order, step), step.body);
          },
        })),
      ];
    };
    const receiveTrack = (planned: PlannedReceive): Track => {
      let id = '';
      return [
        {
          hoursAgo: planned.hoursAgo,
          run: async () => {
            id = (await send<{ id: string }>('/warehouse/v1/receives', planned.body)).id;
          },
        },
        ...planned.steps.map((step) => ({
          hoursAgo: step.hoursAgo,
          run: () => send(`/sandbox/v1/receives/${id}/${step.path}`, step.body),
        })),
      ];
    };
    // In the order things happened, so that goods are on the shelf before the orders that take them ship.
    for (const event of inTimeOrder([
      ...orders.map(orderTrack),
      ...receives.map(receiveTrack),
      ...returns.map(receiveTrack),
    ])) {
      at(event.hoursAgo);
      await event.run();
    }
  }

  // All or nothing: a seed cut short would leave a database that is not empty and never seeded again.
  // The handlers' own transactions nest inside this one; nothing else writes before the server listens.
  store.db.exec('BEGIN IMMEDIATE');
  try {
    await createEverything();
    store.db.exec('COMMIT');
  } catch (error) {
    store.db.exec('ROLLBACK');
    throw error;
  }
  return {
    products: products.length,
    orders: orders.length,
    receives: receives.length,
    returns: returns.length,
  };
}
