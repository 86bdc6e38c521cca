import { z } from 'zod';
import type { ConsoleRoute } from './console-route';

/** What the company does about what it could not send: CUSTOMER_NEXT_STEP, with CUSTOMER_CONTACT. */
export const customerNextSteps = ['refund', 'reshipment', 'contact'] as const;
export const customerNextStepSchema = z.object({
  step: z.enum(customerNextSteps),
  /** How customers reach the company ("help@example.com"); null: they reply to the message. */
  contact: z.string().nullable(),
});
export type CustomerNextStep = z.infer<typeof customerNextStepSchema>;

/** The company a claim packet claims for (CLAIMANT_NAME) and how a supplier reaches it (CLAIMANT_CONTACT). */
export const claimantSchema = z.object({ name: z.string().nullable(), contact: z.string().nullable() });
export type Claimant = z.infer<typeof claimantSchema>;

/** What `/api/config` tells the browser: only settings that are not secret. */
export const consoleConfigSchema = z.object({
  mode: z.enum(['sandbox', 'upstream']),
  upstreamHost: z.string().nullable(),
  organization: z.string().nullable(),
  warehouses: z.array(z.string()),
  attributeKeys: z.array(z.object({ key: z.string(), label: z.string() })),
  serialKey: z.string(),
  rateGroups: z.array(z.string()),
  /** The currency of order line prices (ISO 4217). */
  priceCurrency: z.string(),
  /** CLAIM_WINDOW_DAYS: the days after a receive is finalized in which a shortage or excess may be claimed. */
  claimWindowDays: z.number(),
  /** The next step the customer's message offers for what could not be sent. */
  customerNextStep: customerNextStepSchema,
  /** Who claims in a claim packet; a packet without a name says so beside its links. */
  claimant: claimantSchema,
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;

export const getConfigRoute = {
  method: 'GET',
  path: '/config',
  summary: 'How this console is set up, as the dashboard needs it (never the key)',
  access: 'signed-in',
  answer: consoleConfigSchema,
} as const satisfies ConsoleRoute;
