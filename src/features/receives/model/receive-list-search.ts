import type {
  exportReceivesRoute,
  ListDirection,
  ListedReceiveKind,
  ReceiveDiscrepancy,
  ReceiveListSort,
} from '@/contract/index-lists';
import { endOfLocalDay, localDay, startOfLocalDay } from '@/domain/local-day';
import type { CompletenessState } from '@/domain/receive-completeness';
import type { QueryText } from '@/lib/call-operation';
import { type CursorPageSearch, readCursors } from '@/lib/cursor-pages';
import { readChoice, readDay, readText, readTrue } from '@/lib/search-params';

// Spelled out rather than imported: the routes validate search params in the first page's chunk, which
// must not pull in the contract (and zod) or the completeness rules. The types keep the lists honest.
export const statusFilters = ['PRS', 'FIN', 'CAN'] as const;
export const discrepancyFilters = ['short', 'over', 'any'] as const satisfies readonly ReceiveDiscrepancy[];
const sorts = [
  'updated',
  'eta',
  'reference',
  'state',
  'received',
] as const satisfies readonly ReceiveListSort[];
const directions = ['asc', 'desc'] as const satisfies readonly ListDirection[];
const states = [
  'awaiting',
  'partial',
  'complete',
  'short',
  'over',
  'canceled',
] as const satisfies readonly CompletenessState[];

/** The list's state as it lives in the URL; dates are the reader's calendar days. */
export type ReceiveListSearch = {
  /** An exact primary reference to look up instead of listing. */
  reference?: string;
  status?: (typeof statusFilters)[number];
  state?: CompletenessState;
  /** A line arrived short, over, or either. */
  discrepancy?: ReceiveDiscrepancy;
  /** Only those past their ETA with nothing received. */
  overdue?: true;
  /** Only returns with units no earlier return of their order received (the "ready to refund" queue). */
  refundable?: true;
  warehouse?: string;
  updatedFrom?: string;
  updatedTo?: string;
  etaFrom?: string;
  etaTo?: string;
  /** Days the receive was finalized in. */
  finishedFrom?: string;
  finishedTo?: string;
  sort?: ReceiveListSort;
  dir?: ListDirection;
} & CursorPageSearch;

/**
 * The list's state from what the router parsed from the URL: every member falls back to its default on a
 * bad value, so a hand-edited or outdated link still opens the list instead of an error page.
 */
export function readReceiveListSearch(search: Record<string, unknown>): ReceiveListSearch {
  return {
    reference: readText(search.reference),
    status: readChoice(search.status, statusFilters),
    state: readChoice(search.state, states),
    discrepancy: readChoice(search.discrepancy, discrepancyFilters),
    overdue: readTrue(search.overdue),
    refundable: readTrue(search.refundable),
    warehouse: readText(search.warehouse),
    updatedFrom: readDay(search.updatedFrom),
    updatedTo: readDay(search.updatedTo),
    etaFrom: readDay(search.etaFrom),
    etaTo: readDay(search.etaTo),
    finishedFrom: readDay(search.finishedFrom),
    finishedTo: readDay(search.finishedTo),
    sort: readChoice(search.sort, sorts),
    dir: readChoice(search.dir, directions),
    cursors: readCursors(search.cursors),
  };
}

/** What `GET /api/index/receives` and its export are asked, without the page. */
export type ReceiveListQuery = QueryText<typeof exportReceivesRoute>;

/**
 * The filters and sort as the server takes them. The last change is an instant, so the reader's days
 * become the instants they start and end at; an ETA is a calendar day and goes as it is.
 */
export function toReceiveListQuery(
  search: ReceiveListSearch,
  kind: ListedReceiveKind,
  today = localDay(new Date()),
): ReceiveListQuery {
  return {
    kind,
    status: search.status,
    state: search.state,
    discrepancy: search.discrepancy,
    overdue: search.overdue ? 'true' : undefined,
    today: search.overdue ? today : undefined,
    refundable: search.refundable && kind === 'return' ? 'true' : undefined,
    warehouse: search.warehouse,
    updatedFrom: search.updatedFrom ? startOfLocalDay(search.updatedFrom) : undefined,
    updatedTo: search.updatedTo ? endOfLocalDay(search.updatedTo) : undefined,
    etaFrom: search.etaFrom,
    etaTo: search.etaTo,
    finishedFrom: search.finishedFrom ? startOfLocalDay(search.finishedFrom) : undefined,
    finishedTo: search.finishedTo ? endOfLocalDay(search.finishedTo) : undefined,
    sort: search.sort,
    dir: search.dir,
  };
}
