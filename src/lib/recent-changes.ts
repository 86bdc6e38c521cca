import { useSyncExternalStore } from 'react';

/** How long a record pushed by the server stays marked as just changed on screen. */
export const recentChangeMs = 4000;

type RecordKey = `${string}:${string}`;

const changedUntil = new Map<RecordKey, number>();
const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a record as just changed (a live event arrived for it) and unmarks it after `recentChangeMs`. */
export function markRecentChange(kind: string, reference: string, now = Date.now()): void {
  const key: RecordKey = `${kind}:${reference}`;
  changedUntil.set(key, now + recentChangeMs);
  notify();
  setTimeout(() => {
    if ((changedUntil.get(key) ?? 0) <= Date.now()) {
      changedUntil.delete(key);
      notify();
    }
  }, recentChangeMs);
}

/** Whether the record changed live in the last few seconds, for a row or a page to mark it for a moment. */
export function useRecentlyChanged(kind: string, reference: string): boolean {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return (changedUntil.get(`${kind}:${reference}`) ?? 0) > Date.now();
}
