import Database from 'better-sqlite3';
import {
  finishedOrderStates,
  type ListDirection,
  orderStates,
  type ReceiveDiscrepancy,
} from '../../contract/index-lists';
import type { ConsoleDatabase } from '../console-db';
import { changedMembers } from './changed-members';
import {
  type IndexedDocument,
  type RecordFamily,
  type RecordKind,
  type SearchValue,
  searchGroups,
} from './indexed-document';
import {
  bestFieldMatch,
  columnsOf,
  compactForm,
  type FieldMatch,
  type IndexedValue,
  indexValues,
  matchExpression,
  type SearchQuery,
} from './search-terms';

/** Where a version came from: the operator's webhook, the sync over its listing, a lookup, or the console's own write. */
export type IndexSource = 'webhook' | 'sync' | 'lookup' | 'console';
/** stored: a newer version (or the first); duplicate: the version already held; stale: older than the one held. */
export type ApplyOutcome = 'stored' | 'duplicate' | 'stale';
export type IntakeOutcome = ApplyOutcome | 'rejected';

type RecordRow = {
  id: number;
  family: RecordFamily;
  reference: string;
  kind: RecordKind;
  upstream_id: string;
  status: string;
  state: string;
  warehouse: string;
  due_ms: number | null;
  updated_ms: number;
  title: string;
  short: number;
  over: number;
  announced: number;
  received: number;
  source: IndexSource;
  indexed_ms: number;
  search_values: string;
  doc: string;
};

/** What ranking a search candidate needs: everything but the document. */
type CandidateRow = Pick<RecordRow, 'id' | 'family' | 'kind' | 'updated_ms' | 'search_values'>;
const candidateColumns = 'id, family, kind, updated_ms, search_values';

export type IndexedRecord = {
  id: number;
  kind: RecordKind;
  reference: string;
  upstreamId: string;
  status: string;
  state: string;
  warehouse: string;
  dueMs: number | null;
  updatedMs: number;
  title: string;
  short: boolean;
  over: boolean;
  announced: number;
  received: number;
  source: IndexSource;
  indexedMs: number;
  document: Record<string, unknown>;
};

const toRecord = (row: RecordRow): IndexedRecord => ({
  id: row.id,
  kind: row.kind,
  reference: row.reference,
  upstreamId: row.upstream_id,
  status: row.status,
  state: row.state,
  warehouse: row.warehouse,
  dueMs: row.due_ms,
  updatedMs: row.updated_ms,
  title: row.title,
  short: row.short === 1,
  over: row.over === 1,
  announced: row.announced,
  received: row.received,
  source: row.source,
  indexedMs: row.indexed_ms,
  document: JSON.parse(row.doc),
});

export type SearchMatch = { record: IndexedRecord; match: FieldMatch };

/** What a list filters by; lists of values match any of them, empty lists match everything. */
export type ListFilter = {
  kind: 'order' | 'receive' | 'return';
  statuses: string[];
  states: string[];
  warehouses: string[];
  /** Orders past their ship-by date and not finished (true), or the others (false), as of the query. */
  late?: boolean;
  discrepancy?: ReceiveDiscrepancy;
  dueFromMs?: number;
  dueToMs?: number;
  updatedFromMs?: number;
  updatedToMs?: number;
};
export type ListSort = 'updated' | 'due' | 'reference' | 'state' | 'received';
export type ListOrder = { sort: ListSort; direction: ListDirection };
/** Where a page ended: the keyset segment and the values of its sort columns in the last row. */
export type ListPosition = { segment: number; values: (string | number)[] };

/** A record as a list shows it: the columns, never the document. */
export type ListedRecord = {
  reference: string;
  kind: RecordKind;
  status: string;
  state: string;
  late: boolean;
  warehouse: string;
  title: string;
  dueMs: number | null;
  updatedMs: number;
  announced: number;
  received: number;
  short: boolean;
  over: boolean;
};

type ListedRow = Omit<ListedRecord, 'late' | 'dueMs' | 'updatedMs' | 'short' | 'over'> & {
  id: number;
  due_ms: number | null;
  updated_ms: number;
  short: number;
  over: number;
};

const listedColumns =
  'id, reference, kind, status, state, warehouse, title, due_ms, updated_ms, announced, received, short, over';

/**
 * Each sort's keyset: columns of an index that end in the unique id, so a page starts where the last one
 * ended by a seek, at any depth. Ship-by dates and ETAs may be missing: dated records come first in
 * either direction, then the undated ones by id, each part a keyset of its own.
 */
const keysets: Record<ListSort, { where?: string; columns: (keyof ListedRow)[] }[]> = {
  updated: [{ columns: ['updated_ms', 'id'] }],
  due: [
    { where: 'due_ms IS NOT NULL', columns: ['due_ms', 'id'] },
    { where: 'due_ms IS NULL', columns: ['id'] },
  ],
  // Naming the family lets SQLite walk the (org, family, reference) index of the table's unique key.
  reference: [{ where: 'family = @family', columns: ['reference', 'id'] }],
  state: [{ columns: ['state', 'updated_ms', 'id'] }],
  received: [{ columns: ['received', 'id'] }],
};
const textColumns = new Set(['reference', 'state']);

/** An opaque cursor: the order it belongs to, and where its page ended. */
function listCursor(order: ListOrder, position: ListPosition): string {
  const fields = [order.sort, order.direction, position.segment, ...position.values];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The WHERE of a list: its conditions, their named parameters, and an index SQLite must use, if any. */
function filterConditions(filter: ListFilter, nowMs: number) {
  const conditions = ['org = @org', 'kind = @kind'];
  const params: Record<string, string | number> = {
    family: filter.kind === 'order' ? 'order' : 'receive',
    kind: filter.kind,
  };
  const anyOf = (column: string, values: string[]) => {
    if (values.length === 0) return;
    // One value keeps the equality that an index on (org, kind, column, updated_ms) serves in order.
    conditions.push(
      values.length === 1
        ? `${column} = @${column}`
        : `${column} IN (SELECT value FROM json_each(@${column}))`,
    );
    params[column] = values.length === 1 ? (values[0] as string) : JSON.stringify(values);
  };
  anyOf('status', filter.statuses);
  anyOf('state', filter.states);
  anyOf('warehouse', filter.warehouses);
  if (filter.late !== undefined) {
    params.now = nowMs;
    params.finished = JSON.stringify(finishedOrderStates);
    params.unfinished = JSON.stringify(orderStates.filter((state) => !finishedOrderStates.includes(state)));
    // Asked by open state rather than by ship-by date: nearly every order of the past is due before now.
    conditions.push(
      filter.late
        ? 'state IN (SELECT value FROM json_each(@unfinished)) AND due_ms < @now'
        : '(due_ms IS NULL OR due_ms >= @now OR state IN (SELECT value FROM json_each(@finished)))',
    );
  }
  if (filter.discrepancy) {
    // Spelled as the partial index records_discrepancy is, so that SQLite reads that index.
    conditions.push('(short = 1 OR over = 1)');
    if (filter.discrepancy === 'short') conditions.push('short = 1');
    if (filter.discrepancy === 'over') conditions.push('over = 1');
  }
  const bounds = [
    ['dueFromMs', 'due_ms >='],
    ['dueToMs', 'due_ms <='],
    ['updatedFromMs', 'updated_ms >='],
    ['updatedToMs', 'updated_ms <='],
  ] as const;
  for (const [name, comparison] of bounds) {
    const value = filter[name];
    if (value === undefined) continue;
    conditions.push(`${comparison} @${name}`);
    params[name] = value;
  }
  // Late orders are few, but SQLite cannot know that: left alone, it walks the sort's index through
  // every order in search of them. records_kind_state_due finds them all, and sorting those few is cheap.
  const index = filter.late ? 'records_kind_state_due' : null;
  return { conditions, params, index };
}

/**
 * The list queries on one connection: the store's own, or a read-only one holding a snapshot for an
 * export. Statements are prepared once per shape of query; the shapes are few (which filters are set,
 * the sort, the direction), since lists of values are bound as one JSON parameter.
 */
function listQueries(connection: ConsoleDatabase, organization: string) {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  function page(
    filter: ListFilter,
    { sort, direction }: ListOrder,
    {
      limit,
      after,
      nowMs,
      untilMs,
    }: { limit: number; after?: ListPosition; nowMs: number; untilMs?: number },
  ): { rows: ListedRecord[]; next: ListPosition | null } {
    const { conditions, params, index } = filterConditions(filter, nowMs);
    const segments = keysets[sort];
    const found: { row: ListedRow; segment: number }[] = [];
    let outOfTime = false;
    // One more row than asked says whether another page follows.
    for (
      let segment = after?.segment ?? 0;
      segment < segments.length && found.length <= limit && !outOfTime;
      segment++
    ) {
      const { where, columns } = segments[segment] as (typeof segments)[number];
      const seek = after?.segment === segment ? after.values : [];
      const seekCondition = `(${columns.join(', ')}) ${direction === 'asc' ? '>' : '<'} (${columns.map((_, i) => `@after${i}`).join(', ')})`;
      const sql = `SELECT ${listedColumns} FROM records ${index ? `INDEXED BY ${index}` : ''}
        WHERE ${[...conditions, ...(where ? [where] : []), ...(seek.length ? [seekCondition] : [])].join(' AND ')}
        ORDER BY ${columns.map((column) => `${column} ${direction}`).join(', ')} LIMIT @take`;
      const rows = prepared(sql).iterate({
        ...params,
        ...Object.fromEntries(seek.map((value, i) => [`after${i}`, value])),
        org: organization,
        take: limit + 1 - found.length,
      }) as IterableIterator<ListedRow>;
      for (const row of rows) {
        found.push({ row, segment });
        // A batch of an export ends early rather than hold the event loop; the next resumes after it.
        outOfTime = untilMs !== undefined && performance.now() > untilMs;
        if (outOfTime) break;
      }
    }
    const last = found.length > limit ? found[limit - 1] : outOfTime ? found.at(-1) : undefined;
    return {
      rows: found.slice(0, limit).map(({ row }) => ({
        reference: row.reference,
        kind: row.kind,
        status: row.status,
        state: row.state,
        late:
          row.kind === 'order' &&
          row.due_ms !== null &&
          row.due_ms < nowMs &&
          !(finishedOrderStates as readonly string[]).includes(row.state),
        warehouse: row.warehouse,
        title: row.title,
        dueMs: row.due_ms,
        updatedMs: row.updated_ms,
        announced: row.announced,
        received: row.received,
        short: row.short === 1,
        over: row.over === 1,
      })),
      next: last
        ? {
            segment: last.segment,
            values: (segments[last.segment]?.columns ?? []).map(
              (column) => last.row[column] as string | number,
            ),
          }
        : null,
    };
  }

  function count(filter: ListFilter, nowMs: number): number {
    const { conditions, params } = filterConditions(filter, nowMs);
    const sql = `SELECT count(*) AS total FROM records WHERE ${conditions.join(' AND ')}`;
    return (prepared(sql).get({ ...params, org: organization }) as { total: number }).total;
  }

  return { page, count };
}

/**
 * A transaction that takes the write lock as it begins (BEGIN IMMEDIATE). The webhook intake writes over
 * a connection of its own: a transaction that read first and then wrote would fail at once with
 * SQLITE_BUSY had the other connection committed in between, where this one waits its turn.
 */
function writeTransaction<A extends unknown[], R>(
  db: ConsoleDatabase,
  run: (...args: A) => R,
): (...args: A) => R {
  const transaction = db.transaction(run);
  return (...args) => transaction.immediate(...args);
}

/** The columns a newer version may change: its parameter name and its column. */
const updatedColumns = [
  ['kind', 'kind'],
  ['upstreamId', 'upstream_id'],
  ['status', 'status'],
  ['state', 'state'],
  ['warehouse', 'warehouse'],
  ['dueMs', 'due_ms'],
  ['updatedMs', 'updated_ms'],
  ['title', 'title'],
  ['short', 'short'],
  ['over', 'over'],
  ['announced', 'announced'],
  ['received', 'received'],
  ['source', 'source'],
  ['indexedMs', 'indexed_ms'],
  ['searchValues', 'search_values'],
  ['doc', 'doc'],
] as const satisfies readonly (readonly [string, keyof RecordRow])[];

/** How many recent webhook intakes are kept (counts are kept for all time). */
const keptIntakes = 10_000;
/** A search reads at most this many full-text candidates of each search group, before ranking them. */
const candidatesPerGroup = 120;

/**
 * The console's index of the warehouse's records, in its own database: every read and write of it goes
 * through here (see README: another store can replace this module where several console instances
 * share one index).
 */
export function createRecordStore(
  db: ConsoleDatabase,
  { organization, now = Date.now }: { organization: string; now?: () => number },
) {
  const statements = {
    byReference: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference = ?',
    ),
    byId: db.prepare<[string, number], RecordRow>('SELECT * FROM records WHERE org = ? AND id = ?'),
    candidatesByReferenceKey: db.prepare<[string, string], CandidateRow>(
      `SELECT ${candidateColumns} FROM records WHERE org = ? AND reference_key = ? ORDER BY updated_ms DESC LIMIT 5`,
    ),
    candidateById: db.prepare<[string, number], CandidateRow>(
      `SELECT ${candidateColumns} FROM records WHERE org = ? AND id = ?`,
    ),
    insert: db.prepare(
      `INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
         due_ms, updated_ms, title, short, over, announced, received, source, indexed_ms, search_values, doc)
       VALUES (@org, @family, @reference, @referenceKey, @kind, @upstreamId, @status, @state, @warehouse,
         @dueMs, @updatedMs, @title, @short, @over, @announced, @received, @source, @indexedMs, @searchValues, @doc)`,
    ),
    deleteTerms: db.prepare<[number]>('DELETE FROM record_terms WHERE rowid = ?'),
    insertTerms: db.prepare(
      'INSERT INTO record_terms (rowid, refs, people, contact, tracking, items) VALUES (@id, @refs, @people, @contact, @tracking, @items)',
    ),
    insertChange: db.prepare(
      `INSERT INTO record_changes (record_id, org, kind, reference, at_ms, source, updated_ms, status_before,
         status, state_before, state, changed)
       VALUES (@recordId, @org, @kind, @reference, @atMs, @source, @updatedMs, @statusBefore, @status,
         @stateBefore, @state, @changed)`,
    ),
    searchCandidates: db.prepare<[string, number], { rowid: number }>(
      'SELECT rowid FROM record_terms WHERE record_terms MATCH ? ORDER BY rowid DESC LIMIT ?',
    ),
    insertIntake: db.prepare(
      'INSERT INTO webhook_intake (at_ms, outcome, kind, reference, reason, bytes, excerpt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    pruneIntake: db.prepare<[number]>('DELETE FROM webhook_intake WHERE id <= ?'),
    countIntake: db.prepare<[string]>(
      'INSERT INTO intake_counts (outcome, count) VALUES (?, 1) ON CONFLICT (outcome) DO UPDATE SET count = count + 1',
    ),
    intakeCounts: db.prepare<[], { outcome: IntakeOutcome; count: number }>('SELECT * FROM intake_counts'),
    recentRejections: db.prepare<
      [number],
      { at_ms: number; reason: string; bytes: number; excerpt: string | null }
    >(
      "SELECT at_ms, reason, bytes, excerpt FROM webhook_intake WHERE outcome = 'rejected' ORDER BY id DESC LIMIT ?",
    ),
    lastIntake: db.prepare<[], { at_ms: number }>(
      'SELECT at_ms FROM webhook_intake ORDER BY id DESC LIMIT 1',
    ),
    newestUpdate: db.prepare<[string], { newest: number | null }>(
      "SELECT max(updated_ms) AS newest FROM records WHERE org = ? AND family != 'product'",
    ),
    countRecords: db.prepare<[string], { kind: RecordKind; count: number }>(
      'SELECT kind, count(*) AS count FROM records WHERE org = ? GROUP BY kind',
    ),
    getState: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE name = ?'),
    setState: db.prepare<[string, string]>(
      'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    ),
  };

  // SQLite rewrites every index over a column the UPDATE sets, changed or not: setting only the columns
  // that changed spares most indexes most of the time (a newer version changes its time, rarely its due date).
  const updateSql = (changed: readonly (typeof updatedColumns)[number][]) =>
    `UPDATE records SET ${changed.map(([name, column]) => `${column} = @${name}`).join(', ')} WHERE id = @id`;
  const updateAll = db.prepare(updateSql(updatedColumns));
  const updates = new Map<string, Database.Statement>();
  /** At most this many shapes of UPDATE are prepared; a rarer shape sets every column. */
  const maxUpdateShapes = 256;
  const updateOf = (changed: readonly (typeof updatedColumns)[number][]): Database.Statement => {
    const sql = updateSql(changed);
    let statement = updates.get(sql);
    if (!statement) {
      if (updates.size >= maxUpdateShapes) return updateAll;
      statement = db.prepare(sql);
      updates.set(sql, statement);
    }
    return statement;
  };

  function decide(
    stored: RecordRow | undefined,
    incoming: IndexedDocument,
    text: string,
    source: IndexSource,
  ): ApplyOutcome {
    if (!stored) return 'stored';
    if (incoming.updatedMs > stored.updated_ms) return 'stored';
    if (incoming.updatedMs < stored.updated_ms) return 'stale';
    if (text === stored.doc) return 'duplicate';
    // Two versions of one moment: a read of the service (sync, lookup, our own write) is the truth; between
    // webhooks the greater text wins, so deliveries in any order end in the same state.
    if (source !== 'webhook') return 'stored';
    return text > stored.doc ? 'stored' : 'stale';
  }

  /** Applies one version; the callers below make it part of a transaction. */
  function applyOne(incoming: IndexedDocument, source: IndexSource): ApplyOutcome {
    const text = JSON.stringify(incoming.document);
    const stored = statements.byReference.get(organization, incoming.family, incoming.reference);
    const outcome = decide(stored, incoming, text, source);
    if (outcome !== 'stored') return outcome;
    const indexed = indexValues(incoming.searchValues);
    const columns = {
      org: organization,
      family: incoming.family,
      reference: incoming.reference,
      referenceKey: compactForm(incoming.reference),
      kind: incoming.kind,
      upstreamId: incoming.id,
      status: incoming.status,
      state: incoming.state,
      warehouse: incoming.warehouse,
      dueMs: incoming.dueMs,
      updatedMs: incoming.updatedMs,
      title: incoming.title,
      short: incoming.short ? 1 : 0,
      over: incoming.over ? 1 : 0,
      announced: incoming.announced,
      received: incoming.received,
      source,
      indexedMs: now(),
      searchValues: JSON.stringify(
        indexed.map(({ field, value, group, tokens }) => [field, value, group, tokens]),
      ),
      doc: text,
    };
    let id: number;
    if (stored) {
      id = stored.id;
      const changed = updatedColumns.filter(([name, column]) => stored[column] !== columns[name]);
      if (changed.length > 0) updateOf(changed).run({ ...columns, id });
    } else {
      id = Number(statements.insert.run(columns).lastInsertRowid);
    }
    // The terms are made from the search values alone; most versions change a status, not a name or a
    // reference, and keep the terms they had (replacing them cost 60–70 µs of a write at a million).
    if (stored?.search_values !== columns.searchValues) {
      if (stored) statements.deleteTerms.run(id);
      statements.insertTerms.run({ id, ...columnsOf(indexed) });
    }
    statements.insertChange.run({
      recordId: id,
      org: organization,
      kind: incoming.kind,
      reference: incoming.reference,
      atMs: now(),
      source,
      updatedMs: incoming.updatedMs,
      statusBefore: stored?.status ?? null,
      status: incoming.status,
      stateBefore: stored?.state ?? null,
      state: incoming.state,
      // From the texts: parsing the stored version only to compare its members cost more than the update.
      changed: JSON.stringify(changedMembers(stored?.doc ?? null, text)),
    });
    return 'stored';
  }

  const apply = writeTransaction(db, applyOne);
  /** One transaction for a page of documents: a sync page costs one commit, not two hundred. */
  const applyAll = writeTransaction(db, (documents: IndexedDocument[], source: IndexSource): ApplyOutcome[] =>
    documents.map((document) => applyOne(document, source)),
  );
  const lists = listQueries(db, organization);

  /** Logs one intake: the entry, its count and the occasional pruning; the callers below make it a transaction. */
  function logIntake(entry: {
    outcome: IntakeOutcome;
    kind?: string;
    reference?: string;
    reason?: string;
    bytes: number;
    excerpt?: string;
  }): void {
    const { lastInsertRowid } = statements.insertIntake.run(
      now(),
      entry.outcome,
      entry.kind ?? null,
      entry.reference?.slice(0, 200) ?? null,
      entry.reason?.slice(0, 500) ?? null,
      entry.bytes,
      entry.excerpt?.slice(0, 2000) ?? null,
    );
    statements.countIntake.run(entry.outcome);
    const id = Number(lastInsertRowid);
    if (id % 500 === 0) statements.pruneIntake.run(id - keptIntakes);
  }

  /** One commit for the log entry, its count and the occasional pruning, not one for each. */
  const recordIntake = writeTransaction(db, logIntake);

  /**
   * Webhook deliveries that arrived together, each applied and logged in turn, all in one commit: a
   * delivery's version and its log entry are committed together, and a commit (with its WAL pages) is
   * shared by the deliveries rather than paid by each.
   */
  const receiveAll = writeTransaction(
    db,
    (deliveries: { document: IndexedDocument; bytes: number }[]): ApplyOutcome[] =>
      deliveries.map(({ document, bytes }) => {
        const outcome = applyOne(document, 'webhook');
        logIntake({ outcome, kind: document.kind, reference: document.reference, bytes });
        return outcome;
      }),
  );

  function searchValuesOf(row: CandidateRow): IndexedValue[] {
    return (JSON.parse(row.search_values) as [string, string, SearchValue['group'], string[]][]).map(
      ([field, value, group, tokens]) => ({ field, value, group, tokens }),
    );
  }

  return {
    apply,
    applyAll,

    find(family: RecordFamily, reference: string): IndexedRecord | null {
      const row = statements.byReference.get(organization, family, reference);
      return row ? toRecord(row) : null;
    },

    /**
     * Records that `query` finds, best first: an exact reference, then exact values, then prefixes, by
     * field (references, people, contact, tracking, items) and then newest first.
     */
    search(query: SearchQuery, { kind, limit }: { kind?: RecordKind; limit: number }): SearchMatch[] {
      const expression = matchExpression(query);
      // Candidates are read without their documents (most run to several kilobytes and overflow pages).
      const rows = new Map<number, CandidateRow>();
      for (const row of statements.candidatesByReferenceKey.all(organization, query.compact))
        rows.set(row.id, row);
      // The newest few of each group: a broad prefix among phone numbers cannot crowd out references.
      for (const group of expression === null ? [] : searchGroups) {
        for (const { rowid } of statements.searchCandidates.all(
          `${group} : (${expression})`,
          candidatesPerGroup,
        )) {
          if (rows.has(rowid)) continue;
          const row = statements.candidateById.get(organization, rowid);
          if (row) rows.set(rowid, row);
        }
      }
      const ranked: { row: CandidateRow; match: FieldMatch; rank: number }[] = [];
      for (const row of rows.values()) {
        if (kind && row.kind !== kind) continue;
        const match = bestFieldMatch(searchValuesOf(row), query);
        if (!match) continue;
        const exactReference =
          match.exact &&
          (match.field === 'primaryReference' || (row.family === 'product' && match.field === 'productCode'));
        const rank = exactReference ? 0 : (match.exact ? 10 : 20) + searchGroups.indexOf(match.group);
        ranked.push({ row, match, rank });
      }
      ranked.sort((a, b) => a.rank - b.rank || b.row.updated_ms - a.row.updated_ms);
      // Only the documents shown are read and parsed: a candidate costs its search values alone.
      return ranked.slice(0, limit).flatMap(({ row, match }) => {
        const shown = statements.byId.get(organization, row.id);
        return shown ? [{ record: toRecord(shown), match }] : [];
      });
    },

    /**
     * One page of a list, and how many records match in all. The count is exact and reads every match,
     * in an index where the filters allow: the dearest is no filter at all, 40–100 ms per page at a
     * million orders on the 2-core machine (README, "Lists over the index").
     */
    listPage(
      filter: ListFilter,
      order: ListOrder,
      { limit, after }: { limit: number; after?: ListPosition },
    ): { rows: ListedRecord[]; nextCursor: string | null; total: number } {
      const nowMs = now();
      const { rows, next } = lists.page(filter, order, { limit, after, nowMs });
      return {
        rows,
        nextCursor: next ? listCursor(order, next) : null,
        total: lists.count(filter, nowMs),
      };
    },

    /** The position a cursor of `listPage` names, or null when it is not one given out for this order. */
    readListCursor(cursor: string, order: ListOrder): ListPosition | null {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(decoded)) return null;
      const [sort, direction, segment, ...values] = decoded as unknown[];
      const columns =
        sort === order.sort && direction === order.direction && Number.isInteger(segment)
          ? keysets[order.sort][segment as number]?.columns
          : undefined;
      const fits =
        columns !== undefined &&
        values.length === columns.length &&
        columns.every((column, i) =>
          textColumns.has(column) ? typeof values[i] === 'string' : Number.isFinite(values[i]),
        );
      return fits ? { segment: segment as number, values: values as (string | number)[] } : null;
    },

    /**
     * Every record a list filter matches, in batches of at most `batchSize` rows read in about `budgetMs`,
     * for an export of any size. The batches are read from one snapshot, so a record that changes
     * meanwhile is neither missed nor read twice; a database in memory (tests) has no second connection
     * to hold one and is read as it goes.
     */
    *listBatches(
      filter: ListFilter,
      order: ListOrder,
      { batchSize, budgetMs }: { batchSize: number; budgetMs: number },
    ): Generator<ListedRecord[], void> {
      const snapshot = db.memory ? null : new Database(db.name, { readonly: true, fileMustExist: true });
      try {
        snapshot?.exec('BEGIN');
        const queries = snapshot ? listQueries(snapshot, organization) : lists;
        const nowMs = now();
        let after: ListPosition | undefined;
        do {
          const { rows, next } = queries.page(filter, order, {
            limit: batchSize,
            after,
            nowMs,
            untilMs: performance.now() + budgetMs,
          });
          if (rows.length > 0) yield rows;
          after = next ?? undefined;
        } while (after);
      } finally {
        snapshot?.close();
      }
    },

    recordIntake,
    receiveAll,

    intakeSummary() {
      const counts = { stored: 0, duplicate: 0, stale: 0, rejected: 0 };
      for (const { outcome, count } of statements.intakeCounts.all()) counts[outcome] = count;
      return {
        received: counts.stored + counts.duplicate + counts.stale + counts.rejected,
        ...counts,
        lastReceivedAt: statements.lastIntake.get()?.at_ms ?? null,
        recentRejections: statements.recentRejections.all(20).map((row) => ({
          at: new Date(row.at_ms).toISOString(),
          reason: row.reason,
          bytes: row.bytes,
          excerpt: row.excerpt,
        })),
      };
    },

    /** The newest `dateLastUpdated` of any order or receive held: how far the index has caught up. */
    newestUpdateMs: () => statements.newestUpdate.get(organization)?.newest ?? null,
    counts: () =>
      Object.fromEntries(statements.countRecords.all(organization).map(({ kind, count }) => [kind, count])),

    readState<T>(name: string): T | null {
      const row = statements.getState.get(`${organization}\u0000${name}`);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    writeState(name: string, value: unknown): void {
      statements.setState.run(`${organization}\u0000${name}`, JSON.stringify(value));
    },
  };
}
export type RecordStore = ReturnType<typeof createRecordStore>;
