import type { Order } from '../../../contract/order';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import type { IndexSource } from '../records/indexed-record';
import type { ApplyContext, ApplyOutcome } from '../records/version-decision';

// Sequences of versions of one order and what the index must make of them, whichever engine holds it:
// the cases of "which version the index keeps" (store/record-writes.test.ts) as data.

/** The console's clock in every sequence. */
export const sequenceClockMs = Date.parse('2026-11-21T08:10:00Z');

export function readOrder(document: Order): IndexedDocument {
  const indexed = readWarehouseDocument(document);
  if (isUnreadable(indexed)) throw new Error(indexed.reason);
  return indexed;
}

const shipment = enteredOrder().shipments[0] as Order['shipments'][number];
const version = (dateLastUpdated: string, status: 'ENT' | 'HEL' | 'PIC' | 'FIN') =>
  readOrder(
    enteredOrder({ primaryReference: 'SO-8', dateLastUpdated, shipments: [{ ...shipment, status }] }),
  );
// 'PIC' sorts after 'FIN' in the text: greater text is no sign of the later version.
const shipped = version('2026-11-21T08:05:00Z', 'FIN');
const picking = version('2026-11-21T08:05:00Z', 'PIC');
const ahead = version('2026-11-21T09:00:00Z', 'PIC');
const fewMinutesAhead = version('2026-11-21T08:14:00Z', 'PIC');

export type VersionStep = {
  document: IndexedDocument;
  source: IndexSource;
  context?: ApplyContext;
  outcome: ApplyOutcome;
};
export type VersionSequence = {
  name: string;
  steps: VersionStep[];
  /** The document held at the end. */
  held: IndexedDocument;
  /** How often the index asked for a read of the operator. */
  uncertain: number;
};

export const versionSequences: VersionSequence[] = [
  {
    name: 'two webhook versions of one second: the later delivery kept, the operator asked',
    steps: [
      { document: picking, source: 'webhook', outcome: 'stored' },
      { document: shipped, source: 'webhook', outcome: 'stored' },
    ],
    held: shipped,
    uncertain: 1,
  },
  {
    name: 'a read of the operator over a webhook of its second, and a later webhook of it stale',
    steps: [
      { document: picking, source: 'webhook', outcome: 'stored' },
      { document: shipped, source: 'lookup', outcome: 'stored' },
      { document: picking, source: 'webhook', outcome: 'stale' },
    ],
    held: shipped,
    uncertain: 1,
  },
  {
    name: 'a sync page over another version of its second, asking the operator',
    steps: [
      { document: shipped, source: 'webhook', outcome: 'stored' },
      { document: picking, source: 'sync', outcome: 'stored' },
      { document: shipped, source: 'lookup', outcome: 'stored' },
      { document: shipped, source: 'sync', outcome: 'duplicate' },
    ],
    held: shipped,
    uncertain: 1,
  },
  {
    name: 'the version of its second stored while a read was under way stays, until a read begun after it',
    steps: [
      { document: shipped, source: 'console', context: { person: 'ana' }, outcome: 'stored' },
      ...(['lookup', 'sync'] as const).flatMap((source) => [
        {
          document: picking,
          source,
          context: { readStartedMs: sequenceClockMs - 50 },
          outcome: 'stale' as const,
        },
        { document: picking, source, context: { readStartedMs: sequenceClockMs }, outcome: 'stale' as const },
      ]),
      {
        document: picking,
        source: 'lookup',
        context: { readStartedMs: sequenceClockMs + 1 },
        outcome: 'stored',
      },
      {
        document: version('2026-11-21T08:04:59Z', 'HEL'),
        source: 'lookup',
        context: { readStartedMs: sequenceClockMs + 1 },
        outcome: 'stale',
      },
    ],
    held: picking,
    uncertain: 4,
  },
  {
    name: 'an older version dropped whatever its text',
    steps: [
      { document: version('2026-11-21T08:06:00Z', 'FIN'), source: 'webhook', outcome: 'stored' },
      { document: version('2026-11-21T08:05:59Z', 'PIC'), source: 'webhook', outcome: 'stale' },
      { document: version('2026-11-21T08:05:59Z', 'PIC'), source: 'sync', outcome: 'stale' },
    ],
    held: version('2026-11-21T08:06:00Z', 'FIN'),
    uncertain: 0,
  },
  {
    name: 'a version dated ahead of the clock blocks no read',
    steps: [
      { document: ahead, source: 'webhook', outcome: 'stored' },
      { document: shipped, source: 'webhook', outcome: 'stale' },
      { document: shipped, source: 'lookup', outcome: 'stored' },
    ],
    held: shipped,
    uncertain: 2,
  },
  {
    name: 'a few minutes ahead is a clock a little off, not a version that blocks',
    steps: [
      { document: fewMinutesAhead, source: 'webhook', outcome: 'stored' },
      { document: shipped, source: 'lookup', outcome: 'stale' },
    ],
    held: fewMinutesAhead,
    uncertain: 0,
  },
  {
    name: 'the same version from the webhook and the console answer: one change',
    steps: [
      { document: version('2026-11-21T08:00:00Z', 'ENT'), source: 'sync', outcome: 'stored' },
      { document: version('2026-11-21T08:05:00Z', 'HEL'), source: 'webhook', outcome: 'stored' },
      {
        document: version('2026-11-21T08:05:00Z', 'HEL'),
        source: 'console',
        context: { person: 'ana' },
        outcome: 'duplicate',
      },
    ],
    held: version('2026-11-21T08:05:00Z', 'HEL'),
    uncertain: 0,
  },
];
