import { createSandboxApp } from '../app';
import { credentialsFor, DEFAULT_ORGANIZATION, type SandboxConfig } from '../config';
import { startOfDay } from '../documents';
import { errorText } from '../error-text';
import type { SandboxStore } from '../store';
import { orderMove, receiveMove } from './autopilot-moves';
import { type AutopilotTiming, defaultAutopilotTiming } from './autopilot-timing';
import { demoPlanReferences } from './demo-plan';
import { seededRandom } from './seeded-random';

/**
 * A warehouse that works by itself, for demos: open orders and receives (except the seeded demo week)
 * are picked, shipped, received and finalized a little later (some short, some over, some held for a while),
 * and a customer
 * places a new order now and then. Writes go through the sandbox's own handlers, as the seed's do.
 */

export type AutopilotMove = { organization: string; reference: string; action: string };

export type Autopilot = {
  /** One run of the loop; what it did. Tests drive it with their own clock. */
  tick(): Promise<AutopilotMove[]>;
};

const LIST_LIMIT = 200;
const NEW_ORDER_REFERENCE_START = 500001;

export function createAutopilot(deps: {
  store: SandboxStore;
  config: SandboxConfig;
  now?: () => Date;
  timing?: Partial<AutopilotTiming>;
  log?: (line: string) => void;
}): Autopilot {
  const { store, config } = deps;
  const now = deps.now ?? (() => new Date());
  const timing = { ...defaultAutopilotTiming, ...deps.timing };
  const app = createSandboxApp({ store, config, now, log: deps.log });
  const startedAt = now().getTime();
  let lastNewOrderAt = startedAt;
  const organizations = [DEFAULT_ORGANIZATION, ...config.organizations];

  async function post(organization: string, path: string, body: unknown = {}): Promise<boolean> {
    const response = await app.request(path, {
      method: 'POST',
      headers: { ...credentialsFor(config, organization), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // A refusal means a person changed the document meanwhile; the next run looks again.
    return response.status === 200;
  }

  // The seeded demo week is a showcase of every state: it stays as it is. Everything else is worked on,
  // including what people created before a restart.
  const showcase = new Set(demoPlanReferences(config));
  const isWorkedOn = (organization: string) => (doc: { primaryReference: string; dateCreated?: string }) =>
    organization !== config.demoOrganization ||
    !showcase.has(doc.primaryReference) ||
    Date.parse(doc.dateCreated ?? '') >= startedAt;

  async function tick(): Promise<AutopilotMove[]> {
    const at = now();
    const moves: AutopilotMove[] = [];
    const room = () => moves.length < timing.maxActionsPerTick;
    for (const organization of organizations) {
      const orders = store.orders
        .list(organization, { status: 'PRS', limit: LIST_LIMIT })
        .items.filter(isWorkedOn(organization));
      for (const order of orders.reverse()) {
        if (!room()) break;
        const move = orderMove(order, at, timing);
        if (!move) continue;
        const path = `/sandbox/v1/orders/${order.id}/shipments/${move.shipmentId}/${move.action}`;
        if (await post(organization, path, move.body)) {
          moves.push({ organization, reference: order.primaryReference, action: move.action });
        }
      }
      const receives = store.receives
        .list(organization, { status: 'PRS', limit: LIST_LIMIT })
        .items.filter(isWorkedOn(organization));
      for (const receive of receives.reverse()) {
        if (!room()) break;
        const move = receiveMove(receive, at, timing);
        if (!move) continue;
        if (await post(organization, `/sandbox/v1/receives/${receive.id}/${move.action}`, move.body)) {
          moves.push({ organization, reference: receive.primaryReference, action: move.action });
        }
      }
    }
    if (timing.newOrderEveryMs > 0 && at.getTime() - lastNewOrderAt >= timing.newOrderEveryMs) {
      lastNewOrderAt = at.getTime();
      const placed = await placeOrder(at);
      if (placed) moves.push({ organization: config.demoOrganization, reference: placed, action: 'create' });
    }
    return moves;
  }

  /** The simulated customer: a small order of products the demo's organization already has. */
  async function placeOrder(at: Date): Promise<string | undefined> {
    const organization = config.demoOrganization;
    const products = store.products.list(organization, { limit: LIST_LIMIT }).items;
    if (products.length === 0) return undefined;
    let number = NEW_ORDER_REFERENCE_START + store.orders.count(organization);
    while (store.orders.getByReference(organization, `SO-${number}`)) number++;
    const reference = `SO-${number}`;
    const random = seededRandom(`autopilot:new-order:${reference}`);
    const lineCount = Math.min(products.length, random.int(1, 3));
    const chosen = new Set<string>();
    while (chosen.size < lineCount) chosen.add(random.pick(products).productCode);
    const body = {
      warehouseCode: random.pick(config.warehouses),
      primaryReference: reference,
      secondaryReference: `WEB-${random.digits(7)}`,
      shipToAddress: {
        address: {
          addressLine1: `${random.int(10, 9800)} Market St`,
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94103',
          country: 'US',
        },
        contact: { personName: 'Walk-in Customer', emailAddress: 'customer@example.com' },
      },
      requiredShipDate: startOfDay(new Date(at.getTime() + 2 * 86_400_000)),
      orderLines: [...chosen].map((productCode) => ({ productCode, quantity: random.int(1, 3) })),
      ...(config.rateGroups.length > 0 && random.chance(0.5)
        ? { rateGroup: random.pick(config.rateGroups), transportDetail: null }
        : { transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' } }),
    };
    return (await post(organization, '/warehouse/v1/orders', body)) ? reference : undefined;
  }

  return { tick };
}

/**
 * Runs the autopilot every `intervalMs` until the returned stop function is called; stop waits for a
 * run in progress, so the database can be closed right after.
 */
export function startAutopilot(deps: Parameters<typeof createAutopilot>[0]): () => Promise<void> {
  const autopilot = createAutopilot(deps);
  const intervalMs = deps.timing?.intervalMs ?? defaultAutopilotTiming.intervalMs;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? [] : autopilot.tick()))
      .catch((error: unknown) =>
        (deps.log ?? console.error)(`sandbox autopilot: a run failed: ${errorText(error)}`),
      );
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
