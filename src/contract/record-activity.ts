import { z } from 'zod';
import { type ConsoleRoute, wholeNumber } from './console-route';
import { indexSources, recordReference } from './index-records';
import { liveRecordKinds } from './live-change';

/** `GET /api/index/records/{kind}/{reference}/activity` reads orders, receives, returns and products. */
export const activityRecordKinds = liveRecordKinds;
export type ActivityRecordKind = (typeof activityRecordKinds)[number];

/** At most this many entries per page of a record's activity; 20 when not asked. */
export const activityLimits = { defaultLimit: 20, maxLimit: 100 } as const;

/** What a person reads of an order's change beyond its member names. */
export const changeDetailsSchema = z.object({
  trackingAdded: z.array(z.string()),
  shipmentsAdded: z.number(),
  /** The reason given when the order went on hold in this change. */
  holdReason: z.string().nullable(),
});
export type ChangeDetails = z.infer<typeof changeDetailsSchema>;

/** One version of a record the index stored: when, from where, by whom, and what changed. */
export const recordChangeSchema = z.object({
  seq: z.number(),
  /** When the index stored the version, ISO 8601. */
  at: z.string(),
  source: z.enum(indexSources),
  /**
   * Who made a console change; null on an open console (nobody signs in) and for changes the warehouse
   * reported.
   */
  person: z.string().nullable(),
  kind: z.enum(liveRecordKinds),
  status: z.string(),
  statusBefore: z.string().nullable(),
  state: z.string(),
  stateBefore: z.string().nullable(),
  /** Top-level members that changed (`created` for the first version the index saw). */
  changed: z.array(z.string()),
  details: changeDetailsSchema.nullable(),
});
export type RecordChange = z.infer<typeof recordChangeSchema>;

/** A page of a record's activity, newest first; `nextBefore` asks for the older ones (null: no more). */
export const recordActivitySchema = z.object({
  entries: z.array(recordChangeSchema),
  nextBefore: z.number().nullable(),
});
export type RecordActivity = z.infer<typeof recordActivitySchema>;

export const getRecordActivityRoute = {
  method: 'GET',
  path: '/index/records/:kind/:reference/activity',
  summary: "A record's history: what changed, when and from where, newest first",
  access: 'signed-in',
  params: {
    kind: {
      description: 'order, receive (returns too), return or product',
      schema: z.enum(activityRecordKinds),
    },
    reference: recordReference,
  },
  query: {
    before: {
      description: 'The id of a change: the page of older ones',
      schema: wholeNumber(1, Number.MAX_SAFE_INTEGER),
    },
    limit: {
      description: `Changes a page, 1 to ${activityLimits.maxLimit}`,
      schema: wholeNumber(1, activityLimits.maxLimit),
    },
  },
  answer: recordActivitySchema,
} as const satisfies ConsoleRoute;
