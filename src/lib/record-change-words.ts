import type { RecordChange } from '@/contract/record-activity';
import { countOf } from '@/domain/format';
import { stateOfKind } from '@/domain/record-states';
import { sourceWords } from './source-words';

/** Members a person knows by another name; others are read from their camelCase name. */
const memberWords: Record<string, string> = {
  shipToAddress: 'address',
  shipFromAddress: 'sender’s address',
  orderLines: 'lines',
  receiveLines: 'lines',
  requiredShipDate: 'required ship date',
  eta: 'ETA',
  transportDetail: 'carrier',
  rateGroup: 'carrier',
  additionalReferences: 'references',
  productDescription: 'description',
  unitPrice: 'price',
};
/** Members said otherwise (the state, the tracking) or of no interest to a reader. */
const unsaid = new Set(['created', 'status', 'shipments', 'id', 'dateCreated', 'dateLastUpdated']);
/** At most this many changed members are named; the rest are counted. */
const namedMembers = 4;

const spaced = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function stateLabel(change: Pick<RecordChange, 'kind'>, state: string): string | null {
  return change.kind === 'product' ? null : stateOfKind(change.kind, state).label;
}

/** What changed, in words, most telling first: "Shipped", "tracking 1Z… added", "address changed". */
export function whatChanged(change: RecordChange): string[] {
  const words: string[] = [];
  const state = stateLabel(change, change.state);
  const created = change.changed.includes('created');
  if (created) words.push(change.source === 'console' ? 'Created' : 'First seen');
  if (state && (created || change.stateBefore !== change.state)) {
    const reason = change.details?.holdReason;
    words.push(reason ? `${state}: ${reason}` : state);
  } else if (change.statusBefore !== null && change.statusBefore !== change.status) {
    words.push(`warehouse status ${change.statusBefore} → ${change.status}`);
  }
  for (const tracking of change.details?.trackingAdded ?? []) words.push(`tracking ${tracking} added`);
  const shipmentsAdded = change.details?.shipmentsAdded ?? 0;
  if (shipmentsAdded > 0 && !created) words.push(`${countOf(shipmentsAdded, 'shipment')} added`);
  if (created) return words;
  const members = [
    ...new Set(
      change.changed.filter((name) => !unsaid.has(name)).map((name) => memberWords[name] ?? spaced(name)),
    ),
  ];
  for (const member of members.slice(0, namedMembers)) words.push(`${member} changed`);
  if (members.length > namedMembers) words.push(`${countOf(members.length - namedMembers, 'more change')}`);
  if (words.length === 0) words.push(change.changed.includes('shipments') ? 'Shipments updated' : 'Updated');
  return words;
}

/** Where the change came from, and who made it when someone signed in did. */
export function changeSource({ source, person }: Pick<RecordChange, 'source' | 'person'>): string {
  if (source === 'console') return person ? `by ${person} (console)` : sourceWords.console.name;
  if (source === 'webhook') return `${sourceWords.webhook.name} (the warehouse)`;
  return sourceWords[source].name;
}
