import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcedReceive, enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase, startWalCheckpoints } from '../../store/sqlite/console-db';
import { loopWhile } from '../../testing/loop-gaps';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import { journalFiles, openIntakeJournal, readJournalFile } from './intake-journal';
import { largeDeliveryCharacters, readDelivery } from './read-delivery';
import { startWebhookIntake, type WebhookIntake } from './webhook-intake';

/** The intake thread starts and commits on its own time: on two busy cores that took over a second. */
const threadCommit = { timeout: 10_000 };

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A console database file in a directory of its own, removed after the test. */
function databaseFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'console-intake-'));
  cleanup.push(() => rmSync(directory, { recursive: true, force: true }));
  return join(directory, 'console.db');
}

/** A connection to `file` and the store over it, closed after the test. */
function storeOn(file: string) {
  const db = openConsoleDatabase(file);
  cleanup.push(() => {
    db.close();
  });
  return { db, store: createRecordStore(db, { organization: '' }) };
}

/** A console's intake over `file`, stopped after the test. */
async function intakeOn(file: string, options: { maxUnapplied?: number } = {}) {
  const { db, store } = storeOn(file);
  const intake: WebhookIntake = await startWebhookIntake({ db, store, organization: '', ...options });
  cleanup.push(() => intake.stop());
  return { store, intake };
}

async function intakeOverFile(options: { maxUnapplied?: number } = {}) {
  const file = databaseFile();
  return { file, ...(await intakeOn(file, options)) };
}

const at = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00+00:00`;

describe('webhook intake in a thread of its own', () => {
  it('announces the thread’s commits on the server’s thread, where its changes are readable at once', async () => {
    const { store, intake } = await intakeOverFile({ maxUnapplied: 0 });
    // Read as each commit is heard.
    const heard: Promise<string[]>[] = [];
    store.onCommit(() =>
      heard.push(store.changesAfter(0, 10).then((changes) => changes.map((change) => change.reference))),
    );
    await intake.take(JSON.stringify(enteredOrder({ primaryReference: 'SO-T9', dateLastUpdated: at(1) })));
    expect(await Promise.all(heard)).toEqual([['SO-T9']]);
  });

  it('past its room for answered deliveries, stores those that arrive together and answers each once it is committed, readable by the server at once', async () => {
    const { store, intake } = await intakeOverFile({ maxUnapplied: 0 });
    const answers = await Promise.all([
      intake.take(JSON.stringify(enteredOrder({ primaryReference: 'SO-T1', dateLastUpdated: at(1) }))),
      intake.take(JSON.stringify(announcedReceive({ subtype: 'RET' }))),
      intake.take('{"not": "a document"'),
      intake.take(JSON.stringify(enteredOrder({ primaryReference: 'SO-T1', dateLastUpdated: at(1) }))),
    ]);
    expect(answers).toEqual([
      { outcome: 'stored', kind: 'order', reference: 'SO-T1' },
      { outcome: 'stored', kind: 'return', reference: 'PO-1' },
      { outcome: 'rejected', reason: 'The body is not JSON' },
      { outcome: 'duplicate', kind: 'order', reference: 'SO-T1' },
    ]);
    expect(await store.find('order', 'SO-T1')).toMatchObject({ source: 'webhook', state: 'entered' });
    expect(await store.intakeSummary()).toMatchObject({ stored: 2, duplicate: 1, stale: 0, rejected: 1 });

    const older = await intake.take(
      JSON.stringify(enteredOrder({ primaryReference: 'SO-T1', dateLastUpdated: at(0) })),
    );
    expect(older).toEqual({ outcome: 'stale', kind: 'order', reference: 'SO-T1' });
  });

  it('writes beside the server’s own connection: both wait their turn, neither fails', async () => {
    const { store, intake } = await intakeOverFile({ maxUnapplied: 0 });
    const delivered = Array.from({ length: 200 }, (_, index) =>
      intake.take(
        JSON.stringify(enteredOrder({ primaryReference: `SO-HOOK-${index}`, dateLastUpdated: at(3) })),
      ),
    );
    // Sync pages written on the server's thread while the intake thread stores the deliveries.
    for (let page = 0; page < 20; page++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const documents = Array.from({ length: 20 }, (_, index) => {
        const read = readWarehouseDocument(
          enteredOrder({ primaryReference: `SO-SYNC-${page}-${index}`, dateLastUpdated: at(3) }),
        );
        if (isUnreadable(read)) throw new Error(read.reason);
        return read;
      });
      expect((await store.applyAll(documents, 'sync')).every((outcome) => outcome === 'stored')).toBe(true);
    }
    const answers = await Promise.all(delivered);
    expect(answers.every((answer) => answer.outcome === 'stored')).toBe(true);
    expect(await store.counts()).toEqual({ order: 600 });
  });

  it('starts the WAL over under a steady stream of deliveries, so the file stays small', async () => {
    const file = databaseFile();
    const { db, store } = storeOn(file);
    const checkpoints = startWalCheckpoints(db);
    cleanup.push(() => checkpoints.stop());
    const intake = await startWebhookIntake({ db, store, organization: '', finishCheckpointEveryMs: 50 });
    cleanup.push(() => intake.stop());
    // As the operator does in a burst: several connections, each sending its next delivery once answered.
    await Promise.all(
      Array.from({ length: 8 }, async (_, sender) => {
        for (let version = 0; version < 300; version++) {
          const updated = new Date(Date.UTC(2026, 10, 20) + version * 1_000).toISOString();
          await intake.take(
            JSON.stringify(
              enteredOrder({ primaryReference: `SO-BURST-${sender}`, dateLastUpdated: updated }),
            ),
          );
        }
      }),
    );
    await intake.stop();
    const { stored } = await store.intakeSummary();
    // Each stored version wrote at least its record's page and its change to the WAL: had the WAL never
    // started over, the file would hold them all.
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    expect(stored).toBe(2_400);
    expect(statSync(`${file}-wal`).size).toBeLessThan((stored * 2 * pageSize) / 5);
  });

  it('answers a delivery once it is journaled and commits it a moment later, leaving nothing in the journal', async () => {
    const { file, store, intake } = await intakeOverFile();
    const answer = await intake.take(
      JSON.stringify(enteredOrder({ primaryReference: 'SO-J1', dateLastUpdated: at(1) })),
    );
    expect(answer).toEqual({ outcome: 'accepted', kind: 'order', reference: 'SO-J1' });
    await vi.waitFor(
      async () => expect(await store.find('order', 'SO-J1')).toMatchObject({ source: 'webhook' }),
      threadCommit,
    );
    expect(await store.intakeSummary()).toMatchObject({ stored: 1 });
    await vi.waitFor(
      () => expect(journalFiles(file).flatMap(({ path }) => readJournalFile(path))).toEqual([]),
      threadCommit,
    );
  });

  it('commits every delivery it answered before stop returns', async () => {
    const { store, intake } = await intakeOverFile();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        intake.take(
          JSON.stringify(enteredOrder({ primaryReference: `SO-S${index}`, dateLastUpdated: at(1) })),
        ),
      ),
    );
    expect(answers.every((answer) => answer.outcome === 'accepted')).toBe(true);
    await intake.stop();
    expect(await store.counts()).toEqual({ order: 50 });
  });

  it('answers once committed, with what became of each, when more than its room would wait', async () => {
    const { store, intake } = await intakeOverFile({ maxUnapplied: 2 });
    const body = (minute: number) =>
      JSON.stringify(enteredOrder({ primaryReference: 'SO-R1', dateLastUpdated: at(minute) }));
    // Three in one turn: more than two may wait, so all three wait for their commit.
    expect(await Promise.all([intake.take(body(2)), intake.take(body(2)), intake.take(body(1))])).toEqual([
      { outcome: 'stored', kind: 'order', reference: 'SO-R1' },
      { outcome: 'duplicate', kind: 'order', reference: 'SO-R1' },
      { outcome: 'stale', kind: 'order', reference: 'SO-R1' },
    ]);
    // Room is given back as each is committed: one at a time, every one is answered at once.
    for (const minute of [3, 4, 5, 6]) {
      expect(await intake.take(body(minute))).toMatchObject({ outcome: 'accepted' });
      await vi.waitFor(
        async () => expect((await store.find('order', 'SO-R1'))?.updatedMs).toBe(Date.parse(at(minute))),
        threadCommit,
      );
    }
  });

  it('has a delivery in its journal when it answers it, before the thread can commit it', async () => {
    const { file, store, intake } = await intakeOverFile();
    const { db } = storeOn(file);
    // The thread's commit waits for this connection's write lock.
    db.exec('BEGIN IMMEDIATE');
    const answer = await intake.take(
      JSON.stringify(enteredOrder({ primaryReference: 'SO-J2', dateLastUpdated: at(1) })),
    );
    expect(answer).toMatchObject({ outcome: 'accepted' });
    const journaled = journalFiles(file).flatMap(({ path }) => readJournalFile(path));
    expect(journaled.map((delivery) => 'version' in delivery && delivery.version.reference)).toEqual([
      'SO-J2',
    ]);
    expect(await store.find('order', 'SO-J2')).toBeNull();
    db.exec('ROLLBACK');
    await vi.waitFor(async () => expect(await store.find('order', 'SO-J2')).not.toBeNull(), threadCommit);
  });

  it('stores what a console left in its journal as the next one starts, and deletes it', async () => {
    const file = databaseFile();
    // Answered, never committed: the console was killed.
    const left = [
      enteredOrder({ primaryReference: 'SO-L1', dateLastUpdated: at(1) }),
      enteredOrder({ primaryReference: 'SO-L2', dateLastUpdated: at(1) }),
    ];
    openIntakeJournal(file).append(left.map((order) => readDelivery(JSON.stringify(order))));
    openIntakeJournal(file).append([readDelivery('not json')]);
    expect(journalFiles(file)).toHaveLength(2);

    const { store } = await intakeOn(file);
    expect(await store.counts()).toEqual({ order: 2 });
    expect(await store.find('order', 'SO-L2')).toMatchObject({ source: 'webhook' });
    expect(await store.intakeSummary()).toMatchObject({ stored: 2, rejected: 1 });
    expect(journalFiles(file)).toEqual([]);
  });

  it('refuses a second console on the same database, whose start would take the first one’s journal', async () => {
    const { file } = await intakeOverFile();
    const { db, store } = storeOn(file);
    await expect(startWebhookIntake({ db, store, organization: '' })).rejects.toThrow(
      /Another console is using/,
    );
  });

  it('lets the next console have the journal once the first stops', async () => {
    const { file, intake } = await intakeOverFile();
    await intake.stop();
    const { intake: next } = await intakeOn(file);
    expect(await next.take(JSON.stringify(enteredOrder({ primaryReference: 'SO-N1' })))).toMatchObject({
      outcome: 'accepted',
    });
  });
});

describe('a large delivery', () => {
  /** A receive of 10,000 serial numbers: about half a megabyte of JSON. */
  const serials = JSON.stringify(
    announcedReceive({
      primaryReference: 'PO-LARGE',
      dateLastUpdated: at(5),
      shipments: [
        {
          id: 'large-s',
          status: 'FIN',
          additionalReferences: [],
          milestones: [],
          receiveLines: [
            {
              lineNumber: '1',
              productCode: 'SCAN-1',
              quantity: 10_000,
              lineAttributes: [],
              lineCustomAttributes: [],
              partAttributes: [],
              sublines: Array.from({ length: 10_000 }, (_, index) => ({
                quantity: 1,
                partAttributes: [{ key: 'SN', value: `SN${String(index).padStart(6, '0')}` }],
              })),
            },
          ],
        },
      ],
    }),
  );

  it('is read off the request thread, and stored as one read here would be', async () => {
    expect(serials.length).toBeGreaterThan(largeDeliveryCharacters);
    const { store, intake } = await intakeOverFile({ maxUnapplied: 0 });
    await intake.take(JSON.stringify(enteredOrder({ primaryReference: 'SO-WARM', dateLastUpdated: at(1) })));
    const { result, longestGapMs, tookMs } = await loopWhile(() => intake.take(serials));
    expect(result).toMatchObject({ outcome: 'stored', reference: 'PO-LARGE' });
    // Read on this thread, the loop waits as long as the reading takes.
    expect(longestGapMs).toBeLessThan(tookMs / 2);
    expect((await store.partEntries('SN009999', 10)).entries).toHaveLength(1);
    const read = readDelivery(serials);
    expect((await store.find('receive', 'PO-LARGE'))?.documentText).toBe(
      'version' in read ? read.version.text : 'unreadable',
    );
  }, 60_000);
});
