import { deadline } from '../../domain/deadline';
import { errorText } from '../error-text';
import { seededRandom } from '../warehouse/seeded-random';
import type { WebhookDestination } from './webhook-destination';
import type { OutboxEntry, WebhookOutbox } from './webhook-outbox';

export type DeliveryTiming = {
  /** Deliveries in flight at once: a slow receiver holds a few, not the whole outbox. */
  concurrency: number;
  /** How long an attempt may take, answer body included. */
  timeoutMs: number;
  /** The wait after the first failed attempt; it doubles with each further failure... */
  firstRetryMs: number;
  /** ...up to this. */
  maxRetryMs: number;
};

export const defaultDeliveryTiming: DeliveryTiming = {
  concurrency: 4,
  timeoutMs: 10_000,
  firstRetryMs: 1_000,
  maxRetryMs: 300_000,
};

export type WebhookDelivery = {
  /** Later attempts go to this destination (an attempt in flight finishes where it started). */
  deliverTo(destination: WebhookDestination): void;
  /**
   * Stops sending and waits for the attempts in flight: they are cut short and recorded as nothing, so
   * their deliveries stay pending and go again after a restart (at least once, never half-recorded).
   */
  stop(): Promise<void>;
};

type Answer = { status: number | null; answer: string; delivered: boolean };

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The operator's rule: exactly 200 with a JSON body. 201, 204, an empty or plain-text 200 are failures. */
function isSuccess(response: Response, text: string): boolean {
  if (response.status !== 200 || !jsonMediaType.test(response.headers.get('content-type') ?? ''))
    return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function whyNoAnswer(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `No answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `No answer: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

/**
 * Sends the outbox's deliveries to the destination, at least once each: an attempt that does not get
 * exactly 200 with a JSON body is retried after a backoff (doubling, capped, with jitter) until
 * `maxAttempts`, then the delivery is failed. Deliveries of one record may overtake each other (as at
 * the operator): the receiver must cope.
 */
export function startWebhookDelivery(deps: {
  outbox: WebhookOutbox;
  destination: WebhookDestination;
  maxAttempts: number;
  /** Seed of the retry jitter (the faults' seed), so test runs repeat. */
  seed: string;
  timing?: Partial<DeliveryTiming>;
  log?: (line: string) => void;
}): WebhookDelivery {
  const { outbox, maxAttempts } = deps;
  const timing = { ...defaultDeliveryTiming, ...deps.timing };
  const jitter = seededRandom(`${deps.seed}:retry`);
  let destination = deps.destination;
  const inFlight = new Map<number, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;

  /** Equal jitter: between half and all of the doubled wait, so retries of many deliveries spread out. */
  function retryDelayMs(failedAttempts: number): number {
    const full = Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** (failedAttempts - 1));
    return full / 2 + (jitter.next() * full) / 2;
  }

  /**
   * One POST of an entry; undefined when stop() cut it short. The body names no organization, so the
   * packet does, in the header requests name it with: one address may receive several organizations'.
   */
  async function send(
    { body, organization }: OutboxEntry,
    to: WebhookDestination,
  ): Promise<Answer | undefined> {
    const attemptDeadline = deadline(timing.timeoutMs, stopping.signal);
    try {
      const response = await fetch(to.url, {
        method: 'POST',
        headers: { ...to.headers, 'organization-slug': organization, 'content-type': 'application/json' },
        body,
        // A redirect is an answer other than 200, as at the operator; following it could carry the token
        // elsewhere.
        redirect: 'manual',
        signal: attemptDeadline.signal,
      });
      const text = await response.text();
      return { status: response.status, answer: text, delivered: isSuccess(response, text) };
    } catch (error) {
      if (stopping.signal.aborted) return undefined;
      return { status: null, answer: whyNoAnswer(error, timing.timeoutMs), delivered: false };
    } finally {
      attemptDeadline.clear();
    }
  }

  async function attempt(entry: OutboxEntry): Promise<void> {
    const to = destination;
    const result = await send(entry, to);
    if (!result) return;
    if (entry.attempts === 0 && entry.faults.includes('early')) {
      outbox.earlyChanges.reveal(entry.organization, entry.recordId, entry.seq);
    }
    const attempts = entry.attempts + 1;
    const atMs = Date.now();
    outbox.recordAttempt(entry.seq, {
      status: result.status,
      answer: result.answer,
      atMs,
      next: result.delivered
        ? { state: 'delivered' }
        : attempts >= maxAttempts
          ? { state: 'failed' }
          : { state: 'pending', attemptAtMs: atMs + retryDelayMs(attempts) },
    });
    // As when a connection drops after the receiver took a delivery: the operator sends it again.
    if (result.delivered && entry.faults.includes('duplicate')) await send(entry, to);
  }

  function start(entry: OutboxEntry) {
    const running = attempt(entry)
      .catch((error: unknown) =>
        (deps.log ?? console.error)(`sandbox webhooks: a delivery attempt failed: ${errorText(error)}`),
      )
      .finally(() => {
        inFlight.delete(entry.seq);
        pump();
      });
    inFlight.set(entry.seq, running);
  }

  /** Starts what is due, up to the concurrency, and sets a timer for what is due next. */
  function pump() {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = undefined;
    const nowMs = Date.now();
    const free = timing.concurrency - inFlight.size;
    if (free <= 0) return; // an attempt finishing pumps again
    for (const entry of outbox.due(nowMs, free, new Set(inFlight.keys()))) start(entry);
    if (inFlight.size >= timing.concurrency) return;
    const nextMs = outbox.nextAttemptAfter(nowMs);
    if (nextMs !== undefined) {
      timer = setTimeout(pump, nextMs - nowMs);
      // The sandbox's server keeps the process alive, not a delivery due in five minutes.
      timer.unref();
    }
  }

  outbox.onRecorded(pump);
  pump();

  return {
    deliverTo(next) {
      destination = next;
      pump();
    },
    async stop() {
      outbox.onRecorded(undefined);
      stopping.abort();
      clearTimeout(timer);
      await Promise.all(inFlight.values());
    },
  };
}
