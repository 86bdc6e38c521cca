import type { Order } from '../../../contract/order';
import type { RecordChange } from '../../../contract/record-activity';
import { enteredOrder } from '../../../sandbox/testing/test-documents';

// A record's versions as it moves, for the tests of its activity on either engine and over HTTP.

export const activityAt = (minute: number) => `2026-11-21T08:${String(minute).padStart(2, '0')}:00+00:00`;

/** SO-7 as it moves: entered, held with a reason, released, shipped with a tracking number. */
export const activityVersions: Order[] = [
  enteredOrder({ primaryReference: 'SO-7', dateLastUpdated: activityAt(0) }),
  enteredOrder({
    primaryReference: 'SO-7',
    dateLastUpdated: activityAt(1),
    shipments: [
      {
        ...(enteredOrder().shipments[0] as Order['shipments'][number]),
        status: 'HEL',
        milestones: [{ code: 'HEL', description: 'On hold: Address needs checking' }],
      },
    ],
  }),
  enteredOrder({ primaryReference: 'SO-7', dateLastUpdated: activityAt(2) }),
  enteredOrder({
    primaryReference: 'SO-7',
    status: 'FIN',
    dateLastUpdated: activityAt(3),
    shipments: [
      {
        ...(enteredOrder().shipments[0] as Order['shipments'][number]),
        status: 'FIN',
        trackingDetail: { carrierCode: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
    ],
  }),
];

/** Who made each version of a record's activity, its states and what it added, as activityOfVersions has it. */
export const activitySummary = (entries: RecordChange[]) =>
  entries.map(({ source, person, stateBefore, state, details }) => ({
    source,
    person,
    stateBefore,
    state,
    details,
  }));

/** What a record's activity tells of activityVersions, newest first, the first stored by the sync. */
export const activityOfVersions = [
  {
    source: 'webhook',
    person: null,
    stateBefore: 'entered',
    state: 'shipped_short',
    details: { trackingAdded: ['1Z999AA10123456784'], shipmentsAdded: 0, holdReason: null },
  },
  { source: 'webhook', person: null, stateBefore: 'held', state: 'entered', details: null },
  {
    source: 'webhook',
    person: null,
    stateBefore: 'entered',
    state: 'held',
    details: { trackingAdded: [], shipmentsAdded: 0, holdReason: 'Address needs checking' },
  },
  {
    source: 'sync',
    person: null,
    stateBefore: null,
    state: 'entered',
    details: { trackingAdded: [], shipmentsAdded: 1, holdReason: null },
  },
];
