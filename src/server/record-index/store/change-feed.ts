import type { LiveChange } from '../../../contract/live-change';
import type { RecordStore } from './record-store';

/** One open event stream as the feed sees it. */
export type ChangeFollower = {
  /** Changes in order; a follower that resumed may be handed again some it already has, and skips them. */
  changes(changes: LiveChange[]): void;
  /** More changes came at once than are sent one by one: everything shown must be read again. */
  reset(seq: number): void;
};

/** Where a new follower starts: from now, after the changes it missed, or over again. */
export type FeedStart =
  | { from: 'now'; seq: number }
  | { from: 'replay'; changes: LiveChange[] }
  | { from: 'reset'; seq: number };

/**
 * The index's change log as it grows, for the live event stream. Each commit of the store (on this
 * thread, or the webhook intake's thread announcing its own) schedules one read of what came after the
 * last change handed out, in the next turn of the event loop: commits of one turn cost one read, and
 * nothing is read while nobody follows. More than `maxChanges` at once, or missed by a follower that
 * resumes, become one `reset` instead.
 */
export function createChangeFeed(store: RecordStore, { maxChanges = 500 }: { maxChanges?: number } = {}) {
  const followers = new Set<ChangeFollower>();
  let position = 0;
  let scheduled = false;

  function deliver() {
    scheduled = false;
    if (followers.size === 0) return;
    const changes = store.changesAfter(position, maxChanges + 1);
    if (changes.length > maxChanges) {
      position = store.lastChangeSeq();
      for (const follower of followers) follower.reset(position);
      return;
    }
    const last = changes.at(-1);
    if (!last) return;
    position = last.seq;
    for (const follower of followers) follower.changes(changes);
  }

  store.onCommit(() => {
    if (scheduled || followers.size === 0) return;
    scheduled = true;
    setImmediate(deliver);
  });

  return {
    /**
     * Adds a follower that has seen the log up to `lastSeq` (null: nothing yet, it starts now) and says
     * what it must be sent first; `close` removes it.
     */
    follow(lastSeq: number | null, follower: ChangeFollower): { start: FeedStart; close(): void } {
      const current = store.lastChangeSeq();
      if (followers.size === 0) position = current;
      followers.add(follower);
      const close = () => {
        followers.delete(follower);
      };
      if (lastSeq === null) return { start: { from: 'now', seq: current }, close };
      // A position past the log's end: the log was replaced (a new database); nothing of it can be resumed.
      if (lastSeq > current) return { start: { from: 'reset', seq: current }, close };
      const missed = store.changesAfter(lastSeq, maxChanges + 1);
      if (missed.length > maxChanges) return { start: { from: 'reset', seq: current }, close };
      return { start: { from: 'replay', changes: missed }, close };
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
