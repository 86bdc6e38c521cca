import { z } from 'zod';

/**
 * Whether the warehouse answers the console (its sync, lookups and every call through it), as
 * `GET /api/events` pushes it (event `warehouse`): not answering once a call failed and nothing answered
 * for longer than one sync interval. Times are ISO 8601 instants.
 */
export const warehouseReachSchema = z.object({
  answering: z.boolean(),
  /** When the warehouse last answered; null: not since the console started. */
  lastAnsweredAt: z.string().nullable(),
  consoleStartedAt: z.string(),
  /** The last failure in words ("the warehouse service cannot be reached"), for administrators. */
  problem: z.string().nullable(),
});
export type WarehouseReach = z.infer<typeof warehouseReachSchema>;
