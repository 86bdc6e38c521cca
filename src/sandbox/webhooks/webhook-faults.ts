import type { WebhookDelivery } from '../../contract/sandbox-webhook-deliveries';
import { seededRandom } from '../warehouse/seeded-random';

/**
 * Faults the sandbox can put into its webhook deliveries so a receiver can be tested against what the
 * operator documents (duplicates, late and out-of-order deliveries, updates visible later than the
 * webhook). All off by default.
 */
export type WebhookFaults = {
  /** Share of deliveries sent twice. */
  duplicates: number;
  /** Wait before a delivery's first attempt, drawn from this range in ms. */
  delayMs: { min: number; max: number };
  /** Share of deliveries held back so that later ones overtake them. */
  reorder: number;
  /** Share of changes delivered before the API shows them. */
  early: number;
  /** Seed of the random draws: the same seed and the same changes give the same faults. */
  seed: string;
};

export const noWebhookFaults: WebhookFaults = {
  duplicates: 0,
  delayMs: { min: 0, max: 0 },
  reorder: 0,
  early: 0,
  seed: 'webhook-faults',
};

export type DeliveryFault = WebhookDelivery['faults'][number];

/** What the faults make of one delivery: when its first attempt is due, and which faults it carries. */
export type DeliveryPlan = { firstAttemptInMs: number; faults: DeliveryFault[] };

const MAX_DELAY_MS = 600_000;
const SHARES = ['duplicates', 'reorder', 'early'] as const;
const EXAMPLE = 'duplicates=0.2,delay=100-2000,reorder=0.3,early=0.1,seed=demo';

/** `duplicates=0.2,delay=100-2000,reorder=0.3,early=0.1,seed=demo`; empty, `off` or `none`: no faults. */
export function parseWebhookFaults(value: string | undefined): WebhookFaults {
  const text = value?.trim() ?? '';
  if (['', 'off', 'none'].includes(text.toLowerCase())) return noWebhookFaults;
  const faults = { ...noWebhookFaults };
  const fail = (detail: string) => {
    throw new Error(`SANDBOX_WEBHOOK_FAULTS: ${detail} (for example ${EXAMPLE})`);
  };
  for (const item of text.split(',')) {
    const [name = '', setting = '', ...extra] = item.split('=').map((part) => part.trim());
    if (name === '' && setting === '') continue;
    if (extra.length > 0 || setting === '') fail(`"${item.trim()}" is not name=value`);
    if ((SHARES as readonly string[]).includes(name)) {
      const share = /^(0|1|0?\.\d+|1\.0*)$/.test(setting) ? Number(setting) : Number.NaN;
      if (Number.isNaN(share)) fail(`${name} is a share from 0 to 1, not "${setting}"`);
      faults[name as (typeof SHARES)[number]] = share;
    } else if (name === 'delay') {
      const match = /^(\d+)(?:-(\d+))?$/.exec(setting);
      const min = Number(match?.[1]);
      const max = Number(match?.[2] ?? match?.[1]);
      if (!match || min > max || max > MAX_DELAY_MS) {
        fail(`delay is MIN-MAX in milliseconds (0 to ${MAX_DELAY_MS}, MIN not above MAX), not "${setting}"`);
      }
      faults.delayMs = { min, max };
    } else if (name === 'seed') {
      faults.seed = setting;
    } else {
      fail(`unknown fault "${name}"; the faults are duplicates, delay, reorder, early and seed`);
    }
  }
  return faults;
}

/** How long a held-back delivery waits by default: long enough for those after it to go first. */
export function defaultHoldBackMs(faults: WebhookFaults): number {
  return 2_000 + faults.delayMs.max;
}

/**
 * Draws the faults of each new delivery, in the order the changes happen, from one stream seeded by
 * `faults.seed`: the same changes in the same order get the same faults on every run.
 */
export function deliveryPlanner(
  faults: WebhookFaults,
  holdBackMs = defaultHoldBackMs(faults),
): () => DeliveryPlan {
  const random = seededRandom(`${faults.seed}:plan`);
  return () => {
    // Four draws every time, so one fault's share does not shift the draws of the others.
    const [early, reorder, delay, duplicate] = [random.next(), random.next(), random.next(), random.next()];
    const plan: DeliveryPlan = { firstAttemptInMs: 0, faults: [] };
    if (early < faults.early) {
      // The point of an early delivery is to arrive before the change shows: it goes at once.
      plan.faults.push('early');
    } else {
      const { min, max } = faults.delayMs;
      const delayMs = min + Math.floor(delay * (max - min + 1));
      if (delayMs > 0) plan.faults.push('delay');
      const heldBack = reorder < faults.reorder;
      if (heldBack) plan.faults.push('reorder');
      plan.firstAttemptInMs = delayMs + (heldBack ? holdBackMs : 0);
    }
    if (duplicate < faults.duplicates) plan.faults.push('duplicate');
    return plan;
  };
}
