import { z } from 'zod';

/**
 * The sandbox's record of its webhook deliveries (`GET /sandbox/v1/webhooks/deliveries`), newest first.
 * Not part of the operator's interface: the operator shows its deliveries nowhere.
 */
export const webhookDeliverySchema = z.object({
  /** The delivery's number in the sandbox's outbox; a later change has a higher one. */
  id: z.string(),
  kind: z.enum(['order', 'receive']),
  /** The id and primaryReference of the order or receive that changed. */
  recordId: z.string(),
  primaryReference: z.string(),
  /** pending: not yet answered with 200 and JSON (waiting for its next attempt); failed: out of attempts. */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null before the first, or when it got no answer. */
  lastStatus: z.number().int().nullable(),
  /** The first 500 characters of the last answer, or why there was none (timeout, refused connection). */
  lastAnswer: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** The faults of SANDBOX_WEBHOOK_FAULTS drawn for this delivery. */
  faults: z.array(z.enum(['duplicate', 'delay', 'reorder', 'early'])),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
