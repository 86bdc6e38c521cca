import { sandboxOperations } from '../../contract/operations';
import { listing } from '../../contract/query-parameters';
import { problem } from '../errors';
import type { QueryReader, SandboxRoute } from '../route-table';

function readLimit(query: QueryReader): number {
  const sent = query.get('limit');
  if (sent === undefined) return listing.defaultLimit;
  const limit = /^\d{1,4}$/.test(sent) ? Number(sent) : Number.NaN;
  if (limit >= 1 && limit <= listing.maxLimit) return limit;
  throw problem('validation_failed', `limit is a whole number from 1 to ${listing.maxLimit}`, {
    pointer: '/limit',
    parameter: 'limit',
  });
}

/** What the sandbox did with its webhooks, for people testing a receiver. */
export const webhookDeliveryRoutes: SandboxRoute[] = [
  {
    operation: sandboxOperations.listWebhookDeliveries,
    tag: 'Sandbox operator actions',
    summary: 'List recent webhook deliveries',
    description:
      "The organization's webhook deliveries, newest first: one per change of an order or receive, with the record's kind, id and primaryReference, the state (pending until answered with exactly 200 and a JSON body, then delivered; failed after SANDBOX_WEBHOOK_MAX_ATTEMPTS), the attempts so far, the last status and the first 500 characters of the last answer (or why there was none), when the next attempt is due, and the faults of SANDBOX_WEBHOOK_FAULTS drawn for it. The newest 1,000 finished deliveries are kept.",
    errors: [400],
    handle: (request) => ({
      deliveries: request.store.webhookOutbox.list(request.organization, readLimit(request.query)),
    }),
  },
];
