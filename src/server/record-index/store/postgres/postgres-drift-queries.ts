import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordFamily } from '../../records/indexed-document';
import { type DriftCandidate, maxChangesRead } from '../drift-queries';
import type { RecordStore } from '../record-store-port';

type CandidateRow = { id: string; family: RecordFamily; reference: string; doc: string };

const toCandidate = (row: CandidateRow): DriftCandidate => ({ ...row, id: Number(row.id) });

/**
 * The drift check's reads of the index on PostgreSQL, as drift-queries.ts reads SQLite: orders and receives
 * changed since a point of the change log (whose seqs are taken in commit order, so a pass that starts
 * after the last seq it read misses no change committed later), and a rotating sample of the rest by id.
 */
export function postgresDriftQueries(db: PostgresDatabase, organization: string): RecordStore['drift'] {
  /** Where a pass reads from: at most the newest `maxChangesRead` changes (see drift-queries.ts). */
  async function floor(afterSeq: number): Promise<number> {
    const { rows } = await db.query<{ seq: string }>(
      'SELECT coalesce(max(seq), 0) AS seq FROM record_changes',
    );
    return Math.max(afterSeq, Number(rows[0]?.seq ?? 0) - maxChangesRead);
  }
  const sampleAfter = async (afterId: number, limit: number) => {
    const { rows } = await db.query<CandidateRow>(
      `SELECT id, family, reference, doc FROM records
       WHERE org = $1 AND family != 'product' AND id > $2 ORDER BY id LIMIT $3`,
      [organization, afterId, limit],
    );
    return rows.map(toCandidate);
  };

  return {
    async changed(afterSeq, untilMs, limit) {
      const fromSeq = await floor(afterSeq);
      // Seqs follow commits, times follow decisions: a pass stops before the first change made after
      // `untilMs`, whatever its seq, so the next pass reads it and what followed it.
      const later = await db.query<{ seq: string | null }>(
        'SELECT min(seq) AS seq FROM record_changes WHERE seq > $1 AND at_ms > $2',
        [fromSeq, untilMs],
      );
      const firstLater = later.rows[0]?.seq ?? null;
      const untilSeq = firstLater === null ? Number.MAX_SAFE_INTEGER : Number(firstLater) - 1;
      const { rows } = await db.query<CandidateRow>(
        `SELECT records.id, records.family, records.reference, records.doc
         FROM (SELECT record_id, max(seq) AS seq FROM record_changes
               WHERE seq > $1 AND seq <= $5 AND org = $2 AND kind != 'product' AND at_ms <= $3
               GROUP BY record_id ORDER BY seq DESC LIMIT $4) AS changes
         JOIN records ON records.id = changes.record_id
         ORDER BY changes.seq DESC`,
        [fromSeq, organization, untilMs, limit, untilSeq],
      );
      const last = await db.query<{ seq: string | null }>(
        'SELECT max(seq) AS seq FROM record_changes WHERE seq > $1 AND seq <= $2',
        [fromSeq, untilSeq],
      );
      const lastSeq = last.rows[0]?.seq ?? null;
      return { candidates: rows.map(toCandidate), lastSeq: lastSeq === null ? fromSeq : Number(lastSeq) };
    },

    async seqBefore(ms) {
      const fromSeq = await floor(0);
      const { rows } = await db.query<{ seq: string }>(
        'SELECT seq FROM record_changes WHERE at_ms < $1 AND seq > $2 ORDER BY seq DESC LIMIT 1',
        [ms, fromSeq],
      );
      return rows[0] ? Number(rows[0].seq) : fromSeq;
    },

    async sample(afterId, limit) {
      const rows = await sampleAfter(afterId, limit);
      return rows.length < limit && afterId > 0
        ? [...rows, ...(await sampleAfter(0, limit - rows.length))]
        : rows;
    },
  };
}
