import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { answerData, installRoute } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerEnv } from '../../server-env';
import type { AttemptLimitStore } from '../../store/attempt-limits';
import { createMemoryAttemptLimits } from '../../store/memory-attempt-limits';
import type { WebhookIntake } from './webhook-intake';

export const webhookPath = '/api/webhooks/warehouse';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing character shows in the timing. */
function tokenMatches(sent: string | undefined, tokenDigest: Buffer): boolean {
  return sent !== undefined && timingSafeEqual(digest(sent), tokenDigest);
}

/**
 * Why a delivery sent for `sentFor` is not this console's (undefined: it is). The body names no
 * organization, so the operator's packet says it in an `organization-slug` header (or query parameter),
 * as requests do; a console without WAREHOUSE_ORGANIZATION has one organization and takes any delivery.
 */
function refusalOf(sentFor: string | undefined, organization: string | null): string | undefined {
  if (organization === null || sentFor === organization) return undefined;
  return sentFor === undefined
    ? `The delivery names no organization (organization-slug); this console indexes ${organization}`
    : `The delivery is for the organization ${sentFor.slice(0, 100)}; this console indexes ${organization}`;
}

/**
 * `POST /api/webhooks/warehouse`: the operator's deliveries of orders and receives (the document itself,
 * told apart by shape), authenticated by `x-webhook-token` or `?token=`. Every delivery that passes the
 * token gets exactly 200 with JSON: accepted (journaled, committed a moment later), stored, duplicate and
 * stale alike, and an unreadable body too (kept in the intake log with the reason), because the operator
 * retries anything else and an unreadable body will not become readable; so is a delivery for another
 * organization (see refusalOf).
 */
export function installWebhookReceiver(
  app: Hono<ServerEnv>,
  {
    intake,
    token,
    organization,
    limitBody,
    clientAddressOf,
    countOutcome = () => {},
    attemptLimits = createMemoryAttemptLimits(),
  }: {
    intake: WebhookIntake;
    token: string | null;
    /** WAREHOUSE_ORGANIZATION: deliveries for any other organization are refused. */
    organization: string | null;
    limitBody: MiddlewareHandler;
    /** Who sent a request: wrong tokens are counted per address. */
    clientAddressOf: (c: Context<ServerEnv>) => string;
    /**
     * Hears how each delivery was answered: the intake's outcome, or `off`, `unauthorized`, `rate_limited`
     * or `too_large` when it never reached the intake.
     */
    countOutcome?: (outcome: string) => void;
    /** Where wrong tokens are counted: in this process, or shared by every console on one database. */
    attemptLimits?: AttemptLimitStore;
  },
): void {
  const failures = attemptLimits({ scope: 'webhook token', limit: 20, windowMs: 60_000 });
  const tokenDigest = token === null ? null : digest(token);

  /** The right token passes; wrong ones are counted per address and refused (past a limit, with 429). */
  const checkToken: MiddlewareHandler<ServerEnv> = async (c, next) => {
    if (tokenDigest === null) {
      countOutcome('off');
      return errorResponse(
        503,
        'webhooks_off',
        'Webhooks are off',
        'Set WEBHOOK_TOKEN on the console and give the operator the same token to turn webhook intake on.',
      );
    }
    // The right token is always taken: wrong ones from the same address (a proxy, a shared egress)
    // must not stop the operator's deliveries.
    if (tokenMatches(c.req.header('x-webhook-token') ?? c.req.query('token'), tokenDigest)) {
      await next();
      if (c.res.status === 413) countOutcome('too_large');
      return;
    }
    const address = clientAddressOf(c);
    const waitMs = await failures.take(address);
    if (waitMs > 0) {
      countOutcome('rate_limited');
      return errorResponse(429, 'rate_limited', 'Too many refused deliveries', 'Try again later.', {
        headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
      });
    }
    countOutcome('unauthorized');
    return errorResponse(
      401,
      'unauthorized',
      'Unknown webhook token',
      'Send the token set in WEBHOOK_TOKEN as the x-webhook-token header or the token query parameter.',
    );
  };

  installRoute(
    app,
    consoleRoutes.receiveWebhook,
    async (c, { query }) => {
      const sentFor = c.req.header('organization-slug') ?? query['organization-slug'];
      const answered = await intake.take(await c.req.text(), refusalOf(sentFor, organization));
      countOutcome(answered.outcome);
      if (answered.outcome === 'rejected')
        return answerData(c, { outcome: 'rejected', reason: answered.reason });
      c.set('logNote', `webhook ${answered.outcome} ${answered.kind}`);
      return answerData(c, { outcome: answered.outcome, kind: answered.kind, reference: answered.reference });
    },
    { token: checkToken, body: 'raw', before: [limitBody] },
  );
}
