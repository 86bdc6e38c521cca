import type { LiveChange } from '../../../contract/live-change';
import type { RecordStore } from './record-store-port';

/** One open event stream as the feed sees it. */
export type ChangeFollower = {
  /** Where it starts, handed once before any change. */
  start(start: FeedStart): void;
  /** Changes in order; a follower that resumed may be handed again some it already has, and skips them. */
  changes(changes: LiveChange[]): void;
  /** More changes came at once than are sent one by one: everything shown must be read again. */
  reset(seq: number): void;
  /** The log could not be read for its start: it is not followed, and its reader connects again. */
  lost(): void;
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
 *
 * The store's reads settle later, so the feed's reads run one at a time, in the order asked: two reads
 * from one position at once would hand their changes twice, and a follower added while a read moves the
 * position on would miss what that read hands out.
 */
export function createChangeFeed(
  store: Pick<RecordStore, 'changesAfter' | 'lastChangeSeq' | 'onCommit'>,
  { maxChanges = 500 }: { maxChanges?: number } = {},
) {
  const followers = new Set<ChangeFollower>();
  let position = 0;
  let scheduled = false;
  /** Followers on their way in: a commit meanwhile is read once they are in. */
  let joining = 0;
  let queue: Promise<void> = Promise.resolve();
  /** Runs `step` after the feed's earlier steps; one that fails leaves the position as it was. */
  const inTurn = (step: () => Promise<void>, failed: () => void) => {
    queue = queue.then(step).catch(failed);
  };

  async function deliver() {
    if (followers.size === 0) return;
    const changes = await store.changesAfter(position, maxChanges + 1);
    if (changes.length > maxChanges) {
      position = await store.lastChangeSeq();
      for (const follower of followers) follower.reset(position);
      return;
    }
    const last = changes.at(-1);
    if (!last) return;
    position = last.seq;
    for (const follower of followers) follower.changes(changes);
  }

  store.onCommit(() => {
    if (scheduled || followers.size + joining === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      // The next commit reads again from where this read failed.
      inTurn(deliver, () => {});
    });
  });

  /** What a follower that has seen the log up to `lastSeq` is sent first, as it joins the followers. */
  async function join(lastSeq: number | null, follower: ChangeFollower, closed: () => boolean) {
    const current = await store.lastChangeSeq();
    if (closed()) return;
    if (followers.size === 0) position = current;
    followers.add(follower);
    if (lastSeq === null) return follower.start({ from: 'now', seq: current });
    // A position past the log's end: the log was replaced (a new database); nothing of it can be resumed.
    if (lastSeq > current) return follower.start({ from: 'reset', seq: current });
    const missed = await store.changesAfter(lastSeq, maxChanges + 1);
    follower.start(
      missed.length > maxChanges ? { from: 'reset', seq: current } : { from: 'replay', changes: missed },
    );
  }

  return {
    /**
     * Adds a follower that has seen the log up to `lastSeq` (null: nothing yet, it starts now) and hands
     * it its start, then its changes; `close` removes it.
     */
    follow(lastSeq: number | null, follower: ChangeFollower): { close(): void } {
      let closed = false;
      joining += 1;
      inTurn(
        () =>
          join(lastSeq, follower, () => closed).finally(() => {
            joining -= 1;
          }),
        () => {
          followers.delete(follower);
          follower.lost();
        },
      );
      return {
        close() {
          closed = true;
          followers.delete(follower);
        },
      };
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
