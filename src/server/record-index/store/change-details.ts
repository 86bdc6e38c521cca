import type { Milestone, OrderShipment } from '../../../contract/order';
import type { ChangeDetails } from '../../../contract/record-activity';
import { holdReason } from '../../../domain/record-states';
import type { IndexedDocument, IndexedVersion, RecordKind } from '../records/indexed-document';
import type { RecordRow } from '../records/indexed-record';
import type { SearchValue } from '../records/search-values';
import { holdsSearchValue } from '../search/search-terms';
import { changedMembers, elementCount, type Members, topLevelMembers } from './changed-members';

/** At most this many tracking numbers, of at most this many characters, are kept of one change. */
const maxTrackingNumbers = 10;
const maxTrackingLength = 100;

type HeldShipment = Pick<OrderShipment, 'status' | 'milestones'>;

const isMilestone = (value: unknown): value is Milestone =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Milestone).code === 'string' &&
  ['string', 'undefined'].includes(typeof (value as Milestone).description);

/** An order's shipments as far as a hold's reason reads them, from the text of its shipments member. */
function heldShipmentsOf(member: string | undefined): HeldShipment[] {
  let value: unknown;
  try {
    value = member === undefined ? undefined : JSON.parse(member);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): HeldShipment[] => {
    if (item === null || typeof item !== 'object') return [];
    const { status, milestones } = item as Record<string, unknown>;
    return [
      {
        status: typeof status === 'string' ? status : '',
        milestones: Array.isArray(milestones) ? milestones.filter(isMilestone) : [],
      },
    ];
  });
}

/** The two versions as the change log already read them: no document is parsed again for its details. */
export type ComparedVersions = {
  kind: RecordKind;
  changed: string[];
  /** Top-level members of each version (null before the first). */
  before: Members | null;
  after: Members;
  /** The stored version's search values, as its row keeps them (null before the first). */
  searchValuesBefore: string | null;
  searchValues: readonly SearchValue[];
  stateBefore: string | null;
  state: string;
};

/**
 * What a person reads of an order's change beyond its member names: tracking numbers and shipments that
 * came, and the reason of a hold it went on. Only an order's shipments are read, and only when they
 * changed; anything else needs no details (null). Tracking numbers come from the search values, the
 * shipments are counted without parsing them, and only a hold's reason parses the new ones.
 */
export function changeDetails(versions: ComparedVersions): ChangeDetails | null {
  const { kind, changed, before, after, searchValuesBefore, stateBefore, state } = versions;
  if (kind !== 'order' || !(changed.includes('shipments') || changed.includes('created'))) return null;
  const trackingAdded = versions.searchValues.flatMap(({ field, value }) =>
    field === 'trackingNumber' &&
    (searchValuesBefore === null || !holdsSearchValue(searchValuesBefore, field, value))
      ? [value.slice(0, maxTrackingLength)]
      : [],
  );
  const details: ChangeDetails = {
    trackingAdded: [...new Set(trackingAdded)].slice(0, maxTrackingNumbers),
    shipmentsAdded: Math.max(
      0,
      elementCount(after.get('shipments')) - elementCount(before?.get('shipments')),
    ),
    holdReason:
      state === 'held' && stateBefore !== 'held'
        ? holdReason({ shipments: heldShipmentsOf(after.get('shipments')) })
        : null,
  };
  return details.trackingAdded.length > 0 || details.shipmentsAdded > 0 || details.holdReason !== null
    ? details
    : null;
}

/**
 * What the change log says of a version stored over `stored` (undefined: the first), whichever database
 * holds it: its columns before and after, the members that changed and their details. `text` is the
 * version's document as JSON text: the members are compared from the texts, since parsing the stored
 * version only to compare them cost more than the update.
 */
export function changeEntryOf(
  stored: Pick<RecordRow, 'doc' | 'search_values' | 'status' | 'state'> | undefined,
  incoming: IndexedDocument | IndexedVersion,
  text: string,
) {
  const before = stored ? topLevelMembers(stored.doc) : null;
  const after = topLevelMembers(text);
  const changed = changedMembers(before, after);
  const stateBefore = stored?.state ?? null;
  return {
    kind: incoming.kind,
    reference: incoming.reference,
    updatedMs: incoming.updatedMs,
    statusBefore: stored?.status ?? null,
    status: incoming.status,
    stateBefore,
    state: incoming.state,
    changed,
    details: changeDetails({
      kind: incoming.kind,
      changed,
      before,
      after,
      searchValuesBefore: stored?.search_values ?? null,
      searchValues: incoming.searchValues,
      stateBefore,
      state: incoming.state,
    }),
  };
}
