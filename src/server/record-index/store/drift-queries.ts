import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordFamily } from '../records/indexed-document';

/** A record the drift check compares with the operator. */
export type DriftCandidate = { id: number; family: RecordFamily; reference: string; doc: string };

/**
 * The drift check's reads of the index: orders and receives changed since a point of the change log (by
 * its sequence, the primary key, so a pass reads only what changed since the last), and a rotating sample
 * of the rest (by id).
 */
export const maxChangesRead = 20_000;

export function driftQueries(db: ConsoleDatabase, organization: string) {
  const changedSince = db.prepare<[number, string, number, number], DriftCandidate & { seq: number }>(
    `SELECT records.id, records.family, records.reference, records.doc, changes.seq
     FROM (SELECT record_id, max(seq) AS seq FROM record_changes
           WHERE seq > ? AND org = ? AND kind != 'product' AND at_ms <= ?
           GROUP BY record_id ORDER BY seq DESC LIMIT ?) AS changes
     JOIN records ON records.id = changes.record_id`,
  );
  const lastSeqUntil = db.prepare<[number, number], { seq: number | null }>(
    'SELECT max(seq) AS seq FROM record_changes WHERE seq > ? AND at_ms <= ?',
  );
  const lastSeqBefore = db.prepare<[number, number], { seq: number }>(
    'SELECT seq FROM record_changes WHERE at_ms < ? AND seq > ? ORDER BY seq DESC LIMIT 1',
  );
  const newestSeq = db.prepare<[], { seq: number }>(
    'SELECT coalesce(max(seq), 0) AS seq FROM record_changes',
  );
  /**
   * A pass reads at most this many of the newest changes: it compares the most recent records, and under
   * a burst (2,900 deliveries a second) older rows would cost the server's thread for nothing.
   */
  const floor = (afterSeq: number) => Math.max(afterSeq, (newestSeq.get()?.seq ?? 0) - maxChangesRead);
  const sampleAfter = db.prepare<[string, number, number], DriftCandidate>(
    `SELECT id, family, reference, doc FROM records
     WHERE org = ? AND family != 'product' AND id > ? ORDER BY id LIMIT ?`,
  );
  return {
    /**
     * At most `limit` records changed after change `afterSeq` and by `untilMs` (the most recent first),
     * and the change the next pass starts after.
     */
    changed(afterSeq: number, untilMs: number, limit: number) {
      const fromSeq = floor(afterSeq);
      const rows = changedSince.all(fromSeq, organization, untilMs, limit);
      const lastSeq = lastSeqUntil.get(fromSeq, untilMs)?.seq ?? fromSeq;
      return { candidates: rows.map(({ seq: _, ...candidate }) => candidate), lastSeq };
    },
    /** The last change made before `ms`, or where a pass's reading starts if that is later. */
    seqBefore: (ms: number): number => lastSeqBefore.get(ms, floor(0))?.seq ?? floor(0),
    /** `limit` records after id `afterId`, from the first again past the last. */
    sample(afterId: number, limit: number): DriftCandidate[] {
      const rows = sampleAfter.all(organization, afterId, limit);
      return rows.length < limit && afterId > 0
        ? [...rows, ...sampleAfter.all(organization, 0, limit - rows.length)]
        : rows;
    },
  };
}
