import type { Milestone, OrderShipment } from '../../contract/order';
import type { ChangeDetails } from '../../contract/record-activity';
import { holdReason } from '../../lib/record-states';
import { memberText } from './changed-members';
import type { RecordKind } from './indexed-document';

/** At most this many tracking numbers, of at most this many characters, are kept of one change. */
const maxTrackingNumbers = 10;
const maxTrackingLength = 100;

type Shipment = Pick<OrderShipment, 'status' | 'milestones'> & { tracking: string | null };

const isMilestone = (value: unknown): value is Milestone =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Milestone).code === 'string' &&
  ['string', 'undefined'].includes(typeof (value as Milestone).description);

/** An order's shipments as far as the activity reads them, from its document's text alone. */
function shipmentsOf(text: string | null): Shipment[] {
  const member = text === null ? undefined : memberText(text, 'shipments');
  if (member === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(member);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): Shipment[] => {
    if (item === null || typeof item !== 'object') return [];
    const { status, milestones, trackingDetail } = item as Record<string, unknown>;
    const tracking = (trackingDetail as { trackingNumber?: unknown } | null | undefined)?.trackingNumber;
    return [
      {
        status: typeof status === 'string' ? status : '',
        milestones: Array.isArray(milestones) ? milestones.filter(isMilestone) : [],
        tracking:
          typeof tracking === 'string' && tracking !== '' ? tracking.slice(0, maxTrackingLength) : null,
      },
    ];
  });
}

/**
 * What a person reads of an order's change beyond its member names: tracking numbers and shipments that
 * came, and the reason of a hold it went on. Only an order's shipments are read, and only when they
 * changed; anything else needs no details (null).
 */
export function changeDetails(
  kind: RecordKind,
  before: string | null,
  after: string,
  { changed, stateBefore, state }: { changed: string[]; stateBefore: string | null; state: string },
): ChangeDetails | null {
  if (kind !== 'order' || !(changed.includes('shipments') || changed.includes('created'))) return null;
  const old = shipmentsOf(before);
  const now = shipmentsOf(after);
  const known = new Set(old.map((shipment) => shipment.tracking));
  const trackingAdded = [
    ...new Set(now.flatMap(({ tracking }) => (tracking !== null && !known.has(tracking) ? [tracking] : []))),
  ].slice(0, maxTrackingNumbers);
  const details: ChangeDetails = {
    trackingAdded,
    shipmentsAdded: Math.max(0, now.length - old.length),
    holdReason: state === 'held' && stateBefore !== 'held' ? holdReason({ shipments: now }) : null,
  };
  return details.trackingAdded.length > 0 || details.shipmentsAdded > 0 || details.holdReason !== null
    ? details
    : null;
}
