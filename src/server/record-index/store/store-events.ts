import type { RecordFamily } from '../records/indexed-document';
import type { RecordStore } from './record-store-port';

/**
 * What an index tells those who follow it, whatever keeps it: commits that may have added changes (the live
 * streams read the change log then) and records only a read of the operator can settle (the read-back).
 * `followed` hears of each new commit listener, for an adapter that opens something only once followed.
 */
export function storeEvents({ followed = () => {} }: { followed?: () => void } = {}) {
  const commitListeners = new Set<() => void>();
  const uncertainListeners = new Set<(family: RecordFamily, reference: string) => void>();
  const announceCommit = () => {
    for (const listener of commitListeners) listener();
  };
  const announceUncertain = (family: RecordFamily, reference: string) => {
    for (const listener of uncertainListeners) listener(family, reference);
  };
  const members: Pick<RecordStore, 'onCommit' | 'announceCommit' | 'onUncertain' | 'announceUncertain'> = {
    onCommit(listener) {
      commitListeners.add(listener);
      followed();
      return () => commitListeners.delete(listener);
    },
    announceCommit,
    onUncertain(listener) {
      uncertainListeners.add(listener);
      return () => uncertainListeners.delete(listener);
    },
    announceUncertain,
  };
  return {
    members,
    announceCommit,
    announceUncertain,
    /** `write` as a member that settles once it committed, its commit then announced. */
    announcing:
      <A extends unknown[], R>(write: (...args: A) => R | Promise<R>) =>
      async (...args: A): Promise<R> => {
        const result = await write(...args);
        announceCommit();
        return result;
      },
  };
}
