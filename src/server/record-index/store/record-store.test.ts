import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from './record-store';

const version = (minute: number, note: string): IndexedDocument => {
  const read = readWarehouseDocument(
    enteredOrder({ primaryReference: 'SO-5', dateLastUpdated: `2026-11-21T08:0${minute}:00Z`, note }),
  );
  if (isUnreadable(read)) throw new Error(read.reason);
  return read;
};

describe('a version read again from the operator (applyOrConfirm)', () => {
  const clockMs = Date.parse('2026-11-21T08:30:00Z');
  const storeAt = () =>
    createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now: () => clockMs });

  it('confirms the version held as fresh as the read, and adds nothing to the change log', async () => {
    const store = storeAt();
    await store.apply(version(1, 'first'), 'webhook');
    const changes = await store.lastChangeSeq();
    expect(await store.applyOrConfirm(version(1, 'first'), 'lookup')).toBe('duplicate');
    expect(await store.find('order', 'SO-5')).toMatchObject({ source: 'lookup', indexedMs: clockMs });
    expect(await store.lastChangeSeq()).toBe(changes);
  });

  it('stores a newer version as apply does, and leaves a newer one held as it came', async () => {
    const store = storeAt();
    expect(await store.applyOrConfirm(version(1, 'first'), 'lookup')).toBe('stored');
    await store.apply(version(2, 'second'), 'webhook');
    expect(await store.applyOrConfirm(version(1, 'first'), 'lookup')).toBe('stale');
    expect(await store.find('order', 'SO-5')).toMatchObject({
      source: 'webhook',
      document: { note: 'second' },
    });
  });
});

describe('the SQLite adapter', () => {
  it('announces its commits to the listeners still listening, and keeps state by name', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north' });
    let commits = 0;
    const stop = store.onCommit(() => {
      commits += 1;
    });
    expect(await store.applyAll([version(1, 'first')], 'sync')).toEqual(['stored']);
    expect(commits).toBe(1);
    stop();
    await store.apply(version(2, 'second'), 'sync');
    expect(commits).toBe(1);
    expect(await store.counts()).toEqual({ order: 1 });
    expect(await store.readState('nothing')).toBeNull();
    await store.writeState('sync.lastRun', { pages: 2 });
    expect(await store.readState('sync.lastRun')).toEqual({ pages: 2 });
  });
});
