import { z } from 'zod';

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
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
