import { expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { simulatedClock } from '../../testing/simulated-clock';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import { createReadBack, type ReadRecord } from './read-back';

const at = '2026-11-21T08:05:00+00:00';
const version = (reference: string, note: string): IndexedDocument => {
  const document = readWarehouseDocument(
    enteredOrder({ primaryReference: reference, dateLastUpdated: at, note }),
  );
  if (isUnreadable(document)) throw new Error(document.reason);
  return document;
};

function readBackOver(readRecord: ReadRecord, timing = {}) {
  let readBack: ReturnType<typeof createReadBack> | undefined;
  const sim = simulatedClock(Date.parse(at), async () => {
    await readBack?.idle();
  });
  const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '', now: sim.clock.now });
  readBack = createReadBack({ store, readRecord, clock: sim.clock, timing });
  return { store, readBack, sim };
}

it('reads a record found uncertain once a second later and once to confirm, however often it is found so', async () => {
  const reads: string[] = [];
  const { store, readBack, sim } = readBackOver(async (_family, reference) => {
    reads.push(reference);
    return version(reference, 'at the operator');
  });
  await store.apply(version('SO-1', 'first webhook'), 'webhook');
  for (let delivery = 0; delivery < 20; delivery++)
    await store.apply(version('SO-1', `webhook ${delivery % 2}`), 'webhook');
  await sim.advance(999);
  expect(reads).toEqual([]);
  await sim.advance(1);
  expect(reads).toEqual(['SO-1']);
  expect(await store.find('order', 'SO-1')).toMatchObject({
    source: 'lookup',
    document: { note: 'at the operator' },
  });
  await sim.advance(60_000);
  expect(reads).toEqual(['SO-1', 'SO-1']);
  expect(readBack.counts()).toEqual({ reads: 2, repaired: 1, failed: 0, dropped: 0, waiting: 0 });
});

it('runs at most its concurrency of reads at once, keeps at most its room waiting, and counts the rest dropped', async () => {
  let running = 0;
  let most = 0;
  const { readBack, sim } = readBackOver(
    async (_family, reference) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return version(reference, 'at the operator');
    },
    { concurrency: 2, maxWaiting: 6 },
  );
  for (let index = 0; index < 10; index++) readBack.request('order', `SO-${index}`);
  expect(readBack.counts()).toMatchObject({ waiting: 6, dropped: 4 });
  await sim.advance(1_000);
  await readBack.idle();
  expect(most).toBe(2);
  expect(readBack.counts()).toMatchObject({ reads: 6 });
});

it('reads again, waiting longer each time, while the operator’s API shows less than a webhook brought', async () => {
  const newer = readWarehouseDocument(
    enteredOrder({ primaryReference: 'SO-2', dateLastUpdated: '2026-11-21T08:05:01+00:00', note: 'newer' }),
  ) as IndexedDocument;
  let shown: IndexedDocument | null = null;
  const readAt: number[] = [];
  const { store, readBack, sim } = readBackOver(async () => {
    readAt.push(sim.now() - Date.parse(at));
    return shown;
  });
  await store.apply(newer, 'webhook');
  readBack.request('order', 'SO-2');
  await sim.advance(7_000);
  // Read at 1 s, then 1, 2 and 4 s after the last: the API showed nothing yet.
  expect(readAt).toEqual([1_000, 2_000, 4_000, 8_000].filter((ms) => ms <= 7_000));
  shown = newer;
  await sim.advance(30_000);
  expect(await store.find('order', 'SO-2')).toMatchObject({ source: 'lookup', document: { note: 'newer' } });
  expect(readBack.counts().waiting).toBe(0);
});

it('leaves a person’s change stored while its read was under way, and reads again rather than put back the one before', async () => {
  const corrected = version('SO-3', 'corrected by a person');
  let reads = 0;
  const { store, sim } = readBackOver(async () => {
    reads += 1;
    // The operator answered this read before the correction; the console stores the correction meanwhile.
    if (reads === 1) {
      await store.apply(corrected, 'console', { person: 'ana' });
      return version('SO-3', 'as created');
    }
    return corrected;
  });
  await store.apply(version('SO-3', 'as created'), 'webhook');
  await store.apply(version('SO-3', 'a webhook of the same second'), 'webhook');
  await sim.advance(1_000);
  expect(reads).toBe(1);
  expect(await store.find('order', 'SO-3')).toMatchObject({
    source: 'console',
    document: { note: 'corrected by a person' },
  });
  await sim.advance(1_000);
  expect(reads).toBe(2);
  expect(await store.find('order', 'SO-3')).toMatchObject({
    source: 'lookup',
    document: { note: 'corrected by a person' },
  });
});
