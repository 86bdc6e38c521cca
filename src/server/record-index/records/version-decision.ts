import type { IndexedDocument, IndexedVersion, RecordFamily } from './indexed-document';
import type { IndexSource, RecordRow } from './indexed-record';

/**
 * stored: a newer version (or the first); duplicate: the version already held; stale: older than the one
 * held, or of its second and left to a read of the operator (see decide).
 */
export type ApplyOutcome = 'stored' | 'duplicate' | 'stale';

/**
 * Where a version came from beyond its source: `person` made it, for a console change; a read of the
 * operator (sync, lookup) says when it began, since a version stored after that may be newer than it.
 */
export type ApplyContext = { person?: string | null; readStartedMs?: number };

/**
 * A version dated more than this ahead of the console's clock is stored, but a read of the operator
 * replaces it whatever its date.
 */
const futureToleranceMs = 5 * 60_000;

/**
 * The rule of which version the index keeps, with the clock it compares dates to and where it reports
 * a record only a read of the operator can settle.
 */
export function versionDecider({
  now,
  uncertain,
}: {
  now: () => number;
  uncertain: (family: RecordFamily, reference: string) => void;
}) {
  /**
   * Which version the index keeps. Timestamps have whole seconds, so two versions of one second can only
   * be told apart by a read of the operator: a read (sync, lookup, our own write) is the truth, and a
   * webhook that differs from the version held at its second asks for one (`uncertain`) rather than let
   * the text decide. A version dated ahead of the clock never blocks a read, and a webhook it makes look
   * stale asks for one too.
   */
  return function decide(
    stored: RecordRow | undefined,
    incoming: IndexedDocument | IndexedVersion,
    text: string,
    source: IndexSource,
    readStartedMs: number,
  ): ApplyOutcome {
    const aheadOfClock = (updatedMs: number) => updatedMs > now() + futureToleranceMs;
    if (source === 'webhook' && aheadOfClock(incoming.updatedMs) && text !== stored?.doc)
      uncertain(incoming.family, incoming.reference);
    if (!stored) return 'stored';
    if (text === stored.doc) return 'duplicate';
    if (source !== 'webhook') {
      if (incoming.updatedMs < stored.updated_ms && !aheadOfClock(stored.updated_ms)) return 'stale';
      if (incoming.updatedMs === stored.updated_ms) {
        // Read before the version held was stored, it may be the older of the two: another read settles it.
        if (stored.indexed_ms >= readStartedMs) {
          uncertain(incoming.family, incoming.reference);
          return 'stale';
        }
        // A sync page may have been read before another version of its second was made: a lookup settles it.
        if (source === 'sync') uncertain(incoming.family, incoming.reference);
      }
      return 'stored';
    }
    if (incoming.updatedMs > stored.updated_ms) return 'stored';
    if (incoming.updatedMs < stored.updated_ms) {
      if (aheadOfClock(stored.updated_ms)) uncertain(incoming.family, incoming.reference);
      return 'stale';
    }
    uncertain(incoming.family, incoming.reference);
    // Meanwhile the later of two deliveries is the likelier newer, unless a read of the operator settled it.
    return stored.source === 'webhook' ? 'stored' : 'stale';
  };
}
