import { z } from 'zod';
import { roles } from './access';

/** One change made through the console, and who made it. */
export const activityEntrySchema = z.object({
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
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextBefore: z.number().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
