import type { PostgresDatabase } from '../../../store/postgres/postgres-database';

/**
 * GIN keeps new terms in a pending list, which every search reads whole and which the write that takes it
 * past its limit merges into the index inside its own commit: at a million orders, a delivery waited a
 * second every few hundred. Here a console merges the list itself, off the writers' path, at most every
 * `intervalMs` after it wrote; the index's own limit (16 MB, set by its migration) is only a safety valve.
 * Consoles merging at once take turns on the list's lock. Should the console's role not own the index
 * (PostgreSQL refuses it then), writers merge past the limit as before.
 */
export function mergeTermsOffThePath(
  db: PostgresDatabase,
  { intervalMs = 500 }: { intervalMs?: number } = {},
) {
  // What a console that stopped left pending is merged at the first turn: every search reads the list whole.
  let wrote = true;
  let merging = Promise.resolve();
  const merge = async () => {
    if (!wrote) return;
    wrote = false;
    await db.query("SELECT gin_clean_pending_list('record_terms_terms'::regclass)").catch(() => {});
  };
  const timer = setInterval(() => {
    merging = merging.then(merge);
  }, intervalMs).unref();
  return {
    wrote() {
      wrote = true;
    },
    /** Merges what this console wrote since the last turn: a bulk load that ends leaves none for searches. */
    async close() {
      clearInterval(timer);
      merging = merging.then(merge);
      await merging;
    },
  };
}
