import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { errorResponse } from '../error-envelope';
import { createRateLimiter } from '../rate-limiter';
import type { ServerEnv } from '../server-env';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from './indexed-document';
import type { ApplyOutcome, IntakeOutcome, RecordStore } from './record-store';

export const webhookPath = '/api/webhooks/warehouse';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing character shows in the timing. */
function tokenMatches(sent: string | undefined, tokenDigest: Buffer): boolean {
  return sent !== undefined && timingSafeEqual(digest(sent), tokenDigest);
}

type Delivery = { document: IndexedDocument; bytes: number };

/**
 * Stores the deliveries read in one turn of the event loop in one commit (store.receiveAll), each in
 * the order it arrived, and settles each one's promise only after that commit. Should the commit fail,
 * each delivery is tried in a commit of its own, so that one delivery's failure is not the others'.
 */
function groupCommits(store: RecordStore): (delivery: Delivery) => Promise<ApplyOutcome> {
  type Waiting = {
    delivery: Delivery;
    resolve: (outcome: ApplyOutcome) => void;
    reject: (error: unknown) => void;
  };
  let waiting: Waiting[] = [];
  const commit = () => {
    const batch = waiting;
    waiting = [];
    try {
      const outcomes = store.receiveAll(batch.map(({ delivery }) => delivery));
      batch.forEach(({ resolve }, index) => {
        resolve(outcomes[index] as ApplyOutcome);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Rolled back as a whole: each again, alone.
      for (const { delivery, resolve, reject } of batch) {
        try {
          resolve(store.receiveAll([delivery])[0] as ApplyOutcome);
        } catch (alone) {
          reject(alone);
        }
      }
    }
  };
  return (delivery) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(commit);
      waiting.push({ delivery, resolve, reject });
    });
}

function answer(outcome: IntakeOutcome, detail: Record<string, unknown>) {
  return {
    data: { outcome, ...detail },
    id: crypto.randomUUID().replaceAll('-', ''),
    resource: [],
    errors: [],
  };
}

/**
 * `POST /api/webhooks/warehouse`: the operator's deliveries of orders and receives (the document itself,
 * told apart by shape), authenticated by `x-webhook-token` or `?token=`. Every delivery that passes the
 * token gets exactly 200 with JSON: stored, duplicate and stale alike, and an unreadable body too (kept
 * in the intake log with the reason), because the operator retries anything else and an unreadable body
 * will not become readable.
 */
export function installWebhookReceiver(
  app: Hono<ServerEnv>,
  { store, token, limitBody }: { store: RecordStore; token: string | null; limitBody: MiddlewareHandler },
): void {
  const failures = createRateLimiter({ limit: 20, windowMs: 60_000 });
  const tokenDigest = token === null ? null : digest(token);
  const receive = groupCommits(store);

  app.post(
    webhookPath,
    async (c, next) => {
      if (tokenDigest === null) {
        return errorResponse(
          503,
          'webhooks_off',
          'Webhooks are off',
          'Set WEBHOOK_TOKEN on the console and give the operator the same token to turn webhook intake on.',
        );
      }
      const address = c.env?.incoming?.socket.remoteAddress ?? 'unknown';
      const waitMs = failures.retryAfterMs(address);
      if (waitMs > 0) {
        return errorResponse(429, 'rate_limited', 'Too many refused deliveries', 'Try again later.', {
          headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
        });
      }
      if (!tokenMatches(c.req.header('x-webhook-token') ?? c.req.query('token'), tokenDigest)) {
        failures.hit(address);
        return errorResponse(
          401,
          'unauthorized',
          'Unknown webhook token',
          'Send the token set in WEBHOOK_TOKEN as the x-webhook-token header or the token query parameter.',
        );
      }
      return next();
    },
    limitBody,
    async (c) => {
      const text = await c.req.text();
      const bytes = Buffer.byteLength(text);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        const reason = 'The body is not JSON';
        store.recordIntake({ outcome: 'rejected', reason, bytes, excerpt: text.slice(0, 2000) });
        return c.json(answer('rejected', { reason }), 200);
      }
      const document = readWarehouseDocument(body);
      if (isUnreadable(document)) {
        store.recordIntake({
          outcome: 'rejected',
          reason: document.reason,
          bytes,
          excerpt: text.slice(0, 2000),
        });
        return c.json(answer('rejected', { reason: document.reason }), 200);
      }
      const outcome = await receive({ document, bytes });
      c.set('logNote', `webhook ${outcome} ${document.kind}`);
      return c.json(answer(outcome, { kind: document.kind, reference: document.reference }), 200);
    },
  );
}
