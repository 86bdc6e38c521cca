import type pg from 'pg';
import { compactForm } from '../../../../domain/search-text';
import type { PostgresDatabase } from '../../../store/postgres-database';
import type { IndexedDocument, IndexedVersion, RecordFamily } from '../../records/indexed-document';
import type { IndexSource } from '../../records/indexed-record';
import { type ApplyContext, type ApplyOutcome, versionDecider } from '../../records/version-decision';
import { exactKeysOf, searchValuesOfVersion } from '../../search/search-terms';
import { changeEntryOf } from '../change-details';
import { appendChanges, type PendingChange } from './postgres-change-log';
import { logIntake } from './postgres-intake-log';
import { recordColumns, toRecordRow } from './postgres-record-row';
import { postgresReturnRefunds } from './postgres-return-refunds';
import { tsvectorOf } from './postgres-search-terms';
import { inTransaction } from './postgres-transaction';

/** A webhook delivery as the intake hands it over: the version read from it and the size of its body. */
export type ReceivedDelivery = { document: IndexedDocument | IndexedVersion; bytes: number };

/** What one transaction of writes carries: its client, the change log entries it appends last, and the records it found uncertain. */
type Writing = {
  client: pg.PoolClient;
  changes: PendingChange[];
  uncertain: [RecordFamily, string][];
  decide: ReturnType<typeof versionDecider>;
};

/** $1–$4 find the row (and its key); the rest are what a version sets, in this order. */
const writtenColumns = `kind, upstream_id, status, state, warehouse, due_ms, updated_ms, finished_ms, title,
  short, over, announced, received, units_short, units_over, created_ms, glance, source, indexed_ms,
  search_values, doc`;
const writtenCount = 21;
const writtenParameters = Array.from({ length: writtenCount }, (_, index) => `$${index + 5}`).join(', ');
/** The search terms, null while the search values are those stored. */
const termsParameter = `$${writtenCount + 5}::tsvector`;

const insertRecord = `INSERT INTO records (org, family, reference, reference_key, ${writtenColumns}, terms)
  VALUES ($1, $2, $3, $4, ${writtenParameters}, ${termsParameter})
  ON CONFLICT (org, family, reference) DO NOTHING RETURNING id`;
const updateRecord = `UPDATE records SET reference_key = $4, (${writtenColumns}) = ROW(${writtenParameters}),
  terms = coalesce(${termsParameter}, terms)
  WHERE org = $1 AND family = $2 AND reference = $3 RETURNING id`;

/**
 * The index's writes on PostgreSQL, for one organization, as RecordStore's `apply`, `applyAll` and
 * `receiveAll`: each version decided against the stored one by the same rule as SQLite's
 * (version-decision.ts), holding the record's row lock from its read to the commit, and written with its
 * search terms, exact keys, returns' refunds and change log entry in one transaction. `uncertain` hears of
 * records only a read of the operator can settle, once their transaction committed.
 */
export function postgresRecordWrites(
  db: PostgresDatabase,
  {
    organization,
    now = Date.now,
    uncertain,
  }: {
    organization: string;
    now?: () => number;
    uncertain: (family: RecordFamily, reference: string) => void;
  },
) {
  const refunds = postgresReturnRefunds(organization);

  /** The console's change claims the log entry of the same version a webhook stored first. */
  async function claimChange(writing: Writing, recordId: number, updatedMs: number, person: string) {
    const pending = writing.changes.findLast(
      (change) => change.recordId === recordId && change.updatedMs === updatedMs,
    );
    if (pending) {
      pending.source = 'console';
      pending.person = person;
      return;
    }
    await writing.client.query(
      `UPDATE record_changes SET source = 'console', person = $1 WHERE seq = (
         SELECT seq FROM record_changes WHERE record_id = $2 AND updated_ms = $3 ORDER BY seq DESC LIMIT 1)`,
      [person, recordId, updatedMs],
    );
  }

  async function applyOne(
    writing: Writing,
    incoming: IndexedDocument | IndexedVersion,
    source: IndexSource,
    { person = null, readStartedMs = Number.POSITIVE_INFINITY }: ApplyContext = {},
  ): Promise<ApplyOutcome> {
    const { client } = writing;
    const text = 'text' in incoming ? incoming.text : JSON.stringify(incoming.document);
    const key = [organization, incoming.family, incoming.reference];
    for (;;) {
      const notedBefore = writing.uncertain.length;
      const found = await client.query(
        `SELECT ${recordColumns} FROM records WHERE org = $1 AND family = $2 AND reference = $3 FOR UPDATE`,
        key,
      );
      const stored = found.rows[0] ? toRecordRow(found.rows[0]) : undefined;
      const outcome = writing.decide(stored, incoming, text, source, readStartedMs);
      // The sandbox sends its webhook as it commits, so the version the console made may be stored already.
      if (outcome === 'duplicate' && source === 'console' && person !== null && stored)
        await claimChange(writing, stored.id, stored.updated_ms, person);
      if (outcome !== 'stored') return outcome;
      const { searchValues, indexed } = searchValuesOfVersion(stored?.search_values, incoming.searchValues);
      const written = await client.query<{ id: string }>(stored ? updateRecord : insertRecord, [
        ...key,
        compactForm(incoming.reference),
        incoming.kind,
        incoming.id,
        incoming.status,
        incoming.state,
        incoming.warehouse,
        incoming.dueMs,
        incoming.updatedMs,
        incoming.finishedMs,
        incoming.title,
        incoming.short ? 1 : 0,
        incoming.over ? 1 : 0,
        incoming.announced,
        incoming.received,
        incoming.unitsShort,
        incoming.unitsOver,
        incoming.createdMs,
        JSON.stringify(incoming.glance),
        source,
        now(),
        searchValues,
        text,
        indexed ? tsvectorOf(indexed) : null,
      ]);
      const row = written.rows[0];
      if (!row) {
        // Another transaction inserted the record first (ON CONFLICT waited for its commit): decide again
        // against its version, now locked.
        writing.uncertain.length = notedBefore;
        continue;
      }
      const id = Number(row.id);
      if (indexed) {
        if (stored) await client.query('DELETE FROM record_exact_values WHERE record_id = $1', [id]);
        await client.query(
          'INSERT INTO record_exact_values (value, record_id) SELECT unnest($1::text[]), $2::bigint',
          [exactKeysOf(indexed), id],
        );
      }
      await refunds.afterStore(client, { ...incoming, id, doc: text }, stored?.search_values ?? null);
      writing.changes.push({
        ...changeEntryOf(stored, incoming, text),
        recordId: id,
        atMs: now(),
        source,
        person,
      });
      return 'stored';
    }
  }

  /** Runs `write` in one transaction that appends its change log entries last, then reports the uncertain. */
  async function writeTransaction<R>(write: (writing: Writing) => Promise<R>): Promise<R> {
    let noted: [RecordFamily, string][] = [];
    const result = await inTransaction(db, async (client) => {
      const writing: Writing = {
        client,
        changes: [],
        uncertain: [],
        decide: versionDecider({
          now,
          uncertain: (family, reference) => writing.uncertain.push([family, reference]),
        }),
      };
      const result = await write(writing);
      await appendChanges(client, organization, writing.changes);
      noted = writing.uncertain;
      return result;
    });
    for (const [family, reference] of noted) uncertain(family, reference);
    return result;
  }

  return {
    /** Applies one version in a transaction of its own. */
    apply: (document: IndexedDocument | IndexedVersion, source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction((writing) => applyOne(writing, document, source, context)),

    /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
    applyAll: (documents: IndexedDocument[], source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction(async (writing) => {
        const outcomes: ApplyOutcome[] = [];
        for (const document of documents) outcomes.push(await applyOne(writing, document, source, context));
        return outcomes;
      }),

    /** Webhook deliveries that arrived together, each applied and logged in turn, all in one commit. */
    receiveAll: (deliveries: ReceivedDelivery[]) =>
      writeTransaction(async (writing) => {
        const outcomes: ApplyOutcome[] = [];
        for (const { document, bytes } of deliveries) {
          const outcome = await applyOne(writing, document, 'webhook');
          await logIntake(writing.client, now(), {
            outcome,
            kind: document.kind,
            reference: document.reference,
            bytes,
          });
          outcomes.push(outcome);
        }
        return outcomes;
      }),
  };
}
