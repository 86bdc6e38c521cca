import type { RecordGlance, RecordKind } from '../records/indexed-document';
import type { RecordSummary } from '../records/indexed-record';
import type { FieldMatch } from './search-terms';

/**
 * What a search shows of a record: its summary and glance, never its document (which may run to a
 * megabyte).
 */
export type SearchedRecord = RecordSummary & { id: number; upstreamId: string; glance: RecordGlance };
/** `spelledAs`: the query, corrected from what was typed, that found it (close-spellings.ts). */
export type SearchMatch = { record: SearchedRecord; match: FieldMatch; spelledAs?: string };
/**
 * A page of matches, and how many the search found among its candidates: all there are when
 * `totalExact`, else at least that many (a candidate query was cut at its limit).
 */
export type SearchAnswer = { matches: SearchMatch[]; total: number; totalExact: boolean };
export type SearchOptions = { kind?: RecordKind; limit: number; offset?: number };

/**
 * A search reads at most this many full-text candidates, newest first, or as many as the page asked for
 * reaches (`offset` is bounded by the route); and of the group whose matches rank first, at most
 * `firstGroupCandidates` more. Not the newest of every group: where a group holds few matches of a common
 * prefix, FTS5 reads all of it (`web*` among tracking numbers read every reference `WEB-…`).
 */
export const candidatesInAll = 100;
/** Records of one reference in different families (an order, a receive and a product may share it). */
export const maxReferenceCandidates = 5;
export const firstGroupCandidates = 40;
/**
 * And at most this many bytes of their search values whole: a record with thousands of serial numbers
 * holds hundreds of kilobytes of them, and twenty searches over such records held every other request
 * for seconds (docs/performance.md). Past the budget, a candidate is ranked by the head of its values:
 * all of a demo-shaped order's (under a kilobyte), and of a large record its references, names, contact and
 * tracking, which come first (readWarehouseDocument); serial numbers and lots come last.
 */
export const searchValuesBudgetBytes = 256 * 1024;
export const headCharacters = 2048;
