/**
 * Runs one task at a time per key, in the order they came; tasks of different keys run together. A key is
 * forgotten once its last task has finished, so the keys held are those of tasks under way.
 */
export function oneAtATimePerKey() {
  const lastOf = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = lastOf.get(key);
    const mine = (before ?? Promise.resolve()).then(task, task);
    const settled = mine.then(
      () => {},
      () => {},
    );
    lastOf.set(key, settled);
    try {
      return await mine;
    } finally {
      if (lastOf.get(key) === settled) lastOf.delete(key);
    }
  };
}
