import { z } from 'zod';
import { roles } from './access';
import { type ConsoleRoute, wholeNumber } from './console-route';

/** One change made through the console, and who made it. */
export const auditLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  person: z.string(),
  /** null: nobody was signed in (a failed sign-in). */
  role: z.enum(roles).nullable(),
  /** What was done, in words: "Created order", "Held shipment", "Signed in". */
  action: z.string(),
  /** What it was done to: a reference, a product code, an account name. */
  target: z.string(),
  status: z.number(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  nextBefore: z.number().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The most entries one page of the log holds. */
export const maxAuditLogPage = 200;

export const listAuditLogRoute = {
  method: 'GET',
  path: '/audit-log',
  summary: "The console's audit log: who changed what, newest first",
  access: 'signed-in',
  query: {
    before: {
      description: 'The id of an entry: the page of entries older than it',
      schema: wholeNumber(1, Number.MAX_SAFE_INTEGER),
    },
    limit: {
      description: `Entries a page, 1 to ${maxAuditLogPage} (default 50)`,
      schema: wholeNumber(1, maxAuditLogPage),
    },
  },
  answer: auditLogPageSchema,
} as const satisfies ConsoleRoute;
