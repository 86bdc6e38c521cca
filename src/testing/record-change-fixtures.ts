import type { RecordChange } from '@/contract/record-activity';

/** An entry of a record's activity: a webhook's version of an entered order unless `overrides` say otherwise. */
export function recordChange(overrides: Partial<RecordChange> = {}): RecordChange {
  return {
    seq: 1,
    at: '2026-11-21T08:00:00Z',
    source: 'webhook',
    person: null,
    kind: 'order',
    status: 'PRS',
    statusBefore: 'PRS',
    state: 'entered',
    stateBefore: 'entered',
    changed: [],
    details: null,
    ...overrides,
  };
}
