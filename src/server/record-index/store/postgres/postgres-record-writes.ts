import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { IndexedDocument, IndexedVersion, RecordFamily } from '../../records/indexed-document';
import type { IndexSource } from '../../records/indexed-record';
import { type ApplyContext, type ApplyOutcome, versionDecider } from '../../records/version-decision';
import { searchValuesOfVersion } from '../../search/search-terms';
import { changeEntryOf } from '../change-details';
import type { StoredVersion } from '../return-refunds';
import { appendChanges, type PendingChange } from './postgres-change-log';
import { type Held, idOf, lockHeld, rowOf, writeHeld } from './postgres-held-records';
import { logIntakes } from './postgres-intake-log';
import { postgresReturnRefunds } from './postgres-return-refunds';
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

/** One version to apply, from where it came. */
type Incoming = { document: IndexedDocument | IndexedVersion; source: IndexSource; context: ApplyContext };

/**
 * The write of a batch of versions within a transaction: each decided against the record's row, locked as
 * it is read, then the records written (postgres-held-records.ts) with their returns' refunds, and their
 * change log entries handed to the transaction.
 */
function batchApplier(organization: string, now: () => number) {
  const refunds = postgresReturnRefunds(organization);

  /** The console's change claims the log entry of the same version a webhook committed first. */
  async function claimChange(client: pg.PoolClient, recordId: number, updatedMs: number, person: string) {
    await client.query(
      `UPDATE record_changes SET source = 'console', person = $1 WHERE seq = (
         SELECT seq FROM record_changes WHERE record_id = $2 AND updated_ms = $3 ORDER BY seq DESC LIMIT 1)`,
      [person, recordId, updatedMs],
    );
  }

  return async function applyBatch(writing: Writing, items: Incoming[]): Promise<ApplyOutcome[]> {
    const { client } = writing;
    const held = await lockHeld(
      client,
      organization,
      items.map(({ document }) => document),
    );
    const stored: {
      record: Held;
      version: Omit<StoredVersion, 'id'>;
      entry: Omit<PendingChange, 'recordId'>;
      valuesBefore: string | null;
    }[] = [];
    /** Console changes that found their version stored by an earlier commit (a webhook's). */
    const claims: { record: Held; updatedMs: number; person: string }[] = [];
    const outcomes = items.map(({ document: incoming, source, context }) => {
      const { person = null, readStartedMs = Number.POSITIVE_INFINITY } = context;
      const record = held.get(`${incoming.family}\u0000${incoming.reference}`) as Held;
      const text = 'text' in incoming ? incoming.text : JSON.stringify(incoming.document);
      const outcome = writing.decide(record.now, incoming, text, source, readStartedMs);
      // The sandbox sends its webhook as it commits, so the version the console made may be stored already.
      if (outcome === 'duplicate' && source === 'console' && person !== null && record.now) {
        const updatedMs = record.now.updated_ms;
        const pending = stored.findLast(
          (item) => item.record === record && item.entry.updatedMs === updatedMs,
        );
        if (pending) Object.assign(pending.entry, { source: 'console', person });
        else claims.push({ record, updatedMs, person });
      }
      if (outcome !== 'stored') return outcome;
      const { searchValues, indexed } = searchValuesOfVersion(
        record.now?.search_values,
        incoming.searchValues,
      );
      stored.push({
        record,
        version: {
          kind: incoming.kind,
          reference: incoming.reference,
          searchValues: incoming.searchValues,
          doc: text,
        },
        entry: { ...changeEntryOf(record.now, incoming, text), atMs: now(), source, person },
        valuesBefore: record.now?.search_values ?? null,
      });
      if (indexed) record.indexed = indexed;
      record.parts = incoming.parts;
      record.now = rowOf(record, incoming, text, source, searchValues, now());
      return outcome;
    });
    const changed = [...new Set(stored.map(({ record }) => record))];
    await writeHeld(client, organization, changed);
    await refunds.afterStoreAll(
      client,
      stored.map(({ record, version, valuesBefore }) => ({
        record: { ...version, id: idOf(record) },
        valuesBefore,
      })),
    );
    for (const { record, entry } of stored) writing.changes.push({ ...entry, recordId: idOf(record) });
    for (const { record, updatedMs, person } of claims)
      await claimChange(writing.client, idOf(record), updatedMs, person);
    return outcomes;
  };
}

/**
 * The index's writes on PostgreSQL, for one organization, as RecordStore's `apply`, `applyAll`,
 * `applyOrConfirm` and `receiveAll`: each version decided against the stored one by the same rule as SQLite's
 * (version-decision.ts), holding the records' row locks from their read to the commit, and written with their
 * search terms, exact keys, returns' refunds and change log entries in one transaction. A batch costs a
 * handful of statements whatever its size, not a handful per version. `uncertain` hears of records only a
 * read of the operator can settle, once their transaction committed. Webhook deliveries are counted on the
 * intake log's rows of this console (`instanceId`).
 */
export function postgresRecordWrites(
  db: PostgresDatabase,
  {
    organization,
    instanceId,
    now = Date.now,
    uncertain,
  }: {
    organization: string;
    instanceId: string;
    now?: () => number;
    uncertain: (family: RecordFamily, reference: string) => void;
  },
) {
  const applyBatch = batchApplier(organization, now);

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
    apply: async (
      document: IndexedDocument | IndexedVersion,
      source: IndexSource,
      context: ApplyContext = {},
    ) =>
      (
        await writeTransaction((writing) => applyBatch(writing, [{ document, source, context }]))
      )[0] as ApplyOutcome,

    /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
    applyAll: (documents: IndexedDocument[], source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction((writing) =>
        applyBatch(
          writing,
          documents.map((document) => ({ document, source, context })),
        ),
      ),

    /**
     * A version just read from the operator, applied in a transaction of its own; when the index held it
     * already, it is confirmed as fresh as this read before the commit, under the row lock its decision
     * took: a newer version another console stores meanwhile waits, and is never the one confirmed.
     */
    applyOrConfirm: (document: IndexedDocument, source: IndexSource, context: ApplyContext = {}) =>
      writeTransaction(async (writing) => {
        const [outcome] = await applyBatch(writing, [{ document, source, context }]);
        if (outcome === 'duplicate')
          await writing.client.query(
            'UPDATE records SET source = $1, indexed_ms = $2 WHERE org = $3 AND family = $4 AND reference = $5',
            [source, now(), organization, document.family, document.reference],
          );
        return outcome as ApplyOutcome;
      }),

    /** Webhook deliveries that arrived together, each applied and logged, all in one commit. */
    receiveAll: (deliveries: ReceivedDelivery[]) =>
      writeTransaction(async (writing) => {
        const outcomes = await applyBatch(
          writing,
          deliveries.map(({ document }) => ({ document, source: 'webhook', context: {} })),
        );
        await logIntakes(
          writing.client,
          now(),
          deliveries.map(({ document, bytes }, index) => ({
            outcome: outcomes[index] as ApplyOutcome,
            kind: document.kind,
            reference: document.reference,
            bytes,
          })),
          instanceId,
        );
        return outcomes;
      }),
  };
}
