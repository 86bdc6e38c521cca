import { z } from 'zod';
import type { ConsoleRoute } from './console-route';
import { indexSources } from './index-records';

/** The kinds of record the console's index holds, as its change log names them. */
export const liveRecordKinds = ['order', 'receive', 'return', 'product'] as const;

/**
 * One change of the index as `GET /api/events` pushes it (event `change`, its id the change log's sequence
 * number): what the record is now, what it was, where the version came from and which members changed.
 */
export const liveChangeSchema = z.object({
  seq: z.number().int().nonnegative(),
  kind: z.enum(liveRecordKinds),
  reference: z.string(),
  status: z.string(),
  state: z.string(),
  statusBefore: z.string().nullable(),
  stateBefore: z.string().nullable(),
  source: z.enum(indexSources),
  /** The record's own `dateLastUpdated`, ISO 8601. */
  updated: z.string(),
  /** The top-level members that differ from the version before (`created` for a record new to the index). */
  changed: z.array(z.string()),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

export const liveEventsRoute = {
  method: 'GET',
  path: '/events',
  summary: 'Changes to the index as they happen, and the warehouse reach',
  access: 'signed-in',
  query: { lastEventId: { description: 'The last event read, to resume after it' } },
  answer: { mediaType: 'text/event-stream', description: 'change, warehouse and resync events' },
} as const satisfies ConsoleRoute;
