import type { LiveChange } from '../../../contract/live-change';
import type { UnitCost, UnitCostChange } from '../../../contract/unit-costs';
import type { TraceEntry } from '../../../contract/part-trace';
import type { RecordActivity } from '../../../contract/record-activity';
import type { WorkTrends } from '../../../contract/work-queues';
import type { IndexedDocument, IndexedVersion, RecordFamily, RecordKind } from '../records/indexed-document';
import type { IndexedRecord, IndexSource } from '../records/indexed-record';
import type { ApplyContext, ApplyOutcome } from '../records/version-decision';
import type { KnownSpellings, SpellingQuestion } from '../search/close-spellings';
import type { SearchAnswer, SearchMatch, SearchOptions } from '../search/record-search';
import type { SearchQuery } from '../search/search-terms';
import type { DriftCandidate } from './drift-queries';
import type { ListedRecord, ListFilter, ListOrder, ListPosition } from './list-keysets';
import type { PartyPage, PartyPosition } from './party-keysets';
import type { ProductStock, StockFilter, StockPage, StockPosition } from './stock-keysets';

/** What became of a webhook delivery in the intake log: an outcome of the index, or refused unread. */
export type IntakeOutcome = ApplyOutcome | 'rejected';

/** One webhook delivery as the intake log keeps it. */
export type IntakeEntry = {
  outcome: IntakeOutcome;
  kind?: string;
  reference?: string;
  reason?: string;
  bytes: number;
  excerpt?: string;
};

/** The webhook intake's counts for all time, when it last took a delivery, and the latest refusals. */
export type IntakeSummary = {
  received: number;
  stored: number;
  duplicate: number;
  stale: number;
  rejected: number;
  lastReceivedAt: number | null;
  recentRejections: { at: string; reason: string; bytes: number; excerpt: string | null }[];
};

/** A webhook delivery read and checked, and its size. */
export type ReceivedDelivery = { document: IndexedDocument | IndexedVersion; bytes: number };

/** One page of a list and how many records match in all. */
export type ListPage = { rows: ListedRecord[]; nextCursor: string | null; total: number };

/**
 * The console's index of the warehouse's records, whatever keeps it: every read and write of the index
 * goes through this port. Reads and writes of the database settle later (a server's database answers over
 * the network); the event hooks and pure helpers answer at once. The rules that decide (which version
 * wins, what a state is) live outside the adapters, so every adapter answers alike.
 */
export interface RecordStore {
  /** Stores one version (or drops it as a duplicate or stale) with its change log entry, in one commit. */
  apply(document: IndexedDocument, source: IndexSource, context?: ApplyContext): Promise<ApplyOutcome>;
  /** A page of versions (a sync page), each decided as `apply` does, in one commit. */
  applyAll(
    documents: IndexedDocument[],
    source: IndexSource,
    context?: ApplyContext,
  ): Promise<ApplyOutcome[]>;
  /**
   * A version just read from the operator: stored as `apply` does, and when the index held it already,
   * confirmed as fresh as that read (`source` and now) in the same commit, so a newer version stored
   * meanwhile is never taken for the one confirmed.
   */
  applyOrConfirm(
    document: IndexedDocument,
    source: IndexSource,
    context?: ApplyContext,
  ): Promise<ApplyOutcome>;
  /** Webhook deliveries that arrived together, each applied and logged in the intake log, in one commit. */
  receiveAll(deliveries: ReceivedDelivery[]): Promise<ApplyOutcome[]>;
  /** Logs one webhook delivery stored nowhere else (refused, unreadable). */
  recordIntake(entry: IntakeEntry): Promise<void>;

  /** The record with this reference, or else the one it names in other letter case, as the operator reads it. */
  find(family: RecordFamily, reference: string): Promise<IndexedRecord | null>;
  /** Which of these references the index holds (in any letter case), each as it was asked; in one query. */
  heldReferences(family: RecordFamily, references: readonly string[]): Promise<string[]>;
  /** Matches of a query, best first. */
  search(query: SearchQuery, options: SearchOptions): Promise<SearchMatch[]>;
  /** The same, with how many matches the search found in all. */
  searchCounted(query: SearchQuery, options: SearchOptions): Promise<SearchAnswer>;
  /** Which of these words of names and emails, and which of these references, the index holds. */
  knownSpellings(question: SpellingQuestion): Promise<KnownSpellings>;
  /** The returns that name `orderReference` (in any letter case) as their original order, oldest change first. */
  returnsOfOrder(orderReference: string, limit: number): Promise<IndexedRecord[]>;
  /**
   * What the orders, receives and returns that hold a lot or serial number (any letter case) say of it, as
   * a trace shows it: of at most `limit` records, oldest change first, and whether more hold it.
   */
  partEntries(value: string, limit: number): Promise<{ entries: TraceEntry[]; truncated: boolean }>;
  /** The unit costs entered on the lines of the receive (or return) of `reference`, by line and product. */
  unitCosts(reference: string): Promise<UnitCost[]>;
  /** Enters those of `changes` (a null cost takes a line's away) as `enteredBy`, in one commit; answers them all. */
  setUnitCosts(reference: string, changes: UnitCostChange[], enteredBy: string): Promise<UnitCost[]>;
  /** One page of a list, after `after` (a position `readListCursor` read), and how many records match in all. */
  listPage(
    filter: ListFilter,
    order: ListOrder,
    page: { limit: number; after?: ListPosition },
  ): Promise<ListPage>;
  /** The position a list cursor names, or null when it is not one `listPage` gave out for this order. */
  readListCursor(cursor: string, order: ListOrder): ListPosition | null;
  /**
   * Every record a list filter matches, in batches of at most `batchSize` rows read in about `budgetMs`,
   * for an export of any size: a record that changes meanwhile is neither missed nor read twice.
   */
  listBatches(
    filter: ListFilter,
    order: ListOrder,
    batches: { batchSize: number; budgetMs: number },
  ): AsyncGenerator<ListedRecord[], void>;
  /**
   * One page of stock as the console counts it (stock-movements.ts), by product, warehouse and lot, after
   * `after` (a position `readStockCursor` read).
   */
  stockPage(filter: StockFilter, page: { limit: number; after?: StockPosition }): Promise<StockPage>;
  /** The position a stock cursor names, or null when it is not one `stockPage` gave out for this filter. */
  readStockCursor(cursor: string, filter: StockFilter): StockPosition | null;
  /** One product's stock by warehouse and lot, as the console counts it. */
  productStock(productCode: string): Promise<ProductStock>;
  /**
   * A page of the records of one customer or supplier (their exact key: parties.ts) of these kinds, newest
   * change first, after `after`, with how many it has of each kind.
   */
  partyRecords(
    exactKey: string,
    kinds: readonly RecordKind[],
    page: { limit: number; after?: PartyPosition },
  ): Promise<PartyPage>;
  /** What the drift check compares with the operator. */
  drift: {
    /**
     * At most `limit` orders and receives changed after change `afterSeq` and by `untilMs` (the most
     * recent first), and the change the next pass starts after.
     */
    changed(
      afterSeq: number,
      untilMs: number,
      limit: number,
    ): Promise<{ candidates: DriftCandidate[]; lastSeq: number }>;
    /** The last change made before `ms`, or where a pass's reading starts if that is later. */
    seqBefore(ms: number): Promise<number>;
    /** `limit` orders and receives after id `afterId`, from the first again past the last. */
    sample(afterId: number, limit: number): Promise<DriftCandidate[]>;
  };
  /** On-time shipping per day and fill rate per week, up to the reader's day that began at `todayStartMs`. */
  trends(todayStartMs: number): Promise<WorkTrends>;

  /** This organization's changes after sequence number `seq`, oldest first, at most `limit`. */
  changesAfter(seq: number, limit: number): Promise<LiveChange[]>;
  /** The newest sequence number of the change log (0 while it is empty). */
  lastChangeSeq(): Promise<number>;
  /**
   * A record's versions as the index stored them, newest first: at most `limit`, those before sequence
   * number `before` when given, and where the next older page starts.
   */
  activity(
    record: Pick<IndexedRecord, 'id'>,
    page: { before: number | null; limit: number },
  ): Promise<RecordActivity>;
  /** The webhook intake's counts, its last delivery and its latest refusals. */
  intakeSummary(): Promise<IntakeSummary>;
  /** The newest `dateLastUpdated` of any order or receive held: how far the index has caught up. */
  newestUpdateMs(): Promise<number | null>;
  /** How many records the index holds, by kind (kinds it holds none of left out). */
  counts(): Promise<Partial<Record<RecordKind, number>>>;
  /** A value the index keeps for its own machinery (the sync's checkpoints and last run), or null. */
  readState<T>(name: string): Promise<T | null>;
  writeState(name: string, value: unknown): Promise<void>;

  /** Calls `listener` after each commit that may have added changes; returns how to stop. */
  onCommit(listener: () => void): () => void;
  /** For writes committed elsewhere (the webhook intake's thread): the commit listeners hear of them. */
  announceCommit(): void;
  /** Calls `listener` for each record only a read of the operator can settle; returns how to stop. */
  onUncertain(listener: (family: RecordFamily, reference: string) => void): () => void;
  /** For records found uncertain elsewhere (the webhook intake's thread). */
  announceUncertain(family: RecordFamily, reference: string): void;
}
