import type { ConsoleDatabase } from '../console-db';
import type { RecordFamily } from './indexed-document';

/** A record the drift check compares with the operator. */
export type DriftCandidate = { id: number; family: RecordFamily; reference: string; doc: string };

/**
 * The drift check's reads of the index: orders and receives changed since a point of the change log (by
 * its sequence, the primary key, so a pass reads only what changed since the last), and a rotating sample
 * of the rest (by id).
 */
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
  const lastSeqBefore = db.prepare<[number], { seq: number }>(
    'SELECT seq FROM record_changes WHERE at_ms < ? ORDER BY seq DESC LIMIT 1',
  );
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
      const rows = changedSince.all(afterSeq, organization, untilMs, limit);
      const lastSeq = lastSeqUntil.get(afterSeq, untilMs)?.seq ?? afterSeq;
      return { candidates: rows.map(({ seq: _, ...candidate }) => candidate), lastSeq };
    },
    /**
     * The last change made before `ms` (0: none), read backwards from the newest: as many rows as changed
     * since.
     */
    seqBefore: (ms: number): number => lastSeqBefore.get(ms)?.seq ?? 0,
    /** `limit` records after id `afterId`, from the first again past the last. */
    sample(afterId: number, limit: number): DriftCandidate[] {
      const rows = sampleAfter.all(organization, afterId, limit);
      return rows.length < limit && afterId > 0
        ? [...rows, ...sampleAfter.all(organization, 0, limit - rows.length)]
        : rows;
    },
  };
}
