import { describe, expect, it } from 'vitest';
import type { LiveChange } from '../../../contract/live-change';
import { type ChangeFollower, createChangeFeed } from './change-feed';
import type { RecordStore } from './record-store-port';

/**
 * A change log whose reads answer what it held when they were asked, and, while held, only once released:
 * as a database across the network answers.
 */
function slowLog() {
  const log: LiveChange[] = [];
  const listeners = new Set<() => void>();
  const waiting: (() => void)[] = [];
  let holding = false;
  const answer = <T>(value: T): Promise<T> =>
    holding ? new Promise((resolve) => waiting.push(() => resolve(value))) : Promise.resolve(value);
  const store: Pick<RecordStore, 'changesAfter' | 'lastChangeSeq' | 'onCommit'> = {
    changesAfter: (seq, limit) => answer(log.filter((change) => change.seq > seq).slice(0, limit)),
    lastChangeSeq: () => answer(log.at(-1)?.seq ?? 0),
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    store,
    commit(reference: string) {
      log.push({
        seq: log.length + 1,
        kind: 'order',
        reference,
        status: 'PRS',
        state: 'entered',
        statusBefore: null,
        stateBefore: null,
        source: 'webhook',
        updated: '2026-11-27T09:00:00.000Z',
        changed: ['created'],
      });
      for (const listener of listeners) listener();
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/** What a follower was handed, in order. */
function recording() {
  const heard: string[] = [];
  const follower: ChangeFollower = {
    start: (start) =>
      heard.push(
        start.from === 'replay'
          ? `replay ${start.changes.map((change) => change.seq).join(',')}`
          : `${start.from} ${start.seq}`,
      ),
    changes: (changes) => heard.push(`changes ${changes.map((change) => change.seq).join(',')}`),
    reset: (seq) => heard.push(`reset ${seq}`),
    lost: () => heard.push('lost'),
  };
  return { heard, follower };
}

/** Past the turn a commit schedules its read in, and the reads it let run. */
const turns = async (count = 3) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the change feed over a store whose reads settle later', () => {
  it('hands a change once, though it was committed while the read before was under way', async () => {
    const log = slowLog();
    const feed = createChangeFeed(log.store);
    const { heard, follower } = recording();
    feed.follow(null, follower);
    await turns();
    log.hold();
    log.commit('SO-1');
    await turns();
    log.commit('SO-2');
    await turns();
    log.release();
    await turns();
    log.release();
    await turns();
    expect(heard).toEqual(['now 0', 'changes 1', 'changes 2']);
  });

  it('hands a follower the change committed while it joined, after its start', async () => {
    const log = slowLog();
    const feed = createChangeFeed(log.store);
    const { heard, follower } = recording();
    log.hold();
    feed.follow(null, follower);
    // Its start asked where the log ends; the answer, 0, is on its way when SO-1 is committed.
    await turns(1);
    log.commit('SO-1');
    log.release();
    await turns();
    expect(heard).toEqual(['now 0', 'changes 1']);
  });

  it('hands a follower that resumes what it missed first, then what came meanwhile', async () => {
    const log = slowLog();
    const feed = createChangeFeed(log.store);
    log.commit('SO-1');
    log.commit('SO-2');
    const { heard, follower } = recording();
    log.hold();
    feed.follow(1, follower);
    await turns(1);
    // Where the log ends is answered; the read of what it missed waits, and SO-3 is committed.
    log.release();
    log.hold();
    log.commit('SO-3');
    await turns();
    log.release();
    await turns();
    expect(heard).toEqual(['replay 2,3', 'changes 3']);
  });

  it('tells a follower it is lost when the log cannot be read for its start', async () => {
    const log = slowLog();
    const feed = createChangeFeed({
      ...log.store,
      lastChangeSeq: () => Promise.reject(new Error('the database is gone')),
    });
    const { heard, follower } = recording();
    feed.follow(null, follower);
    await turns();
    expect(heard).toEqual(['lost']);
  });
});
