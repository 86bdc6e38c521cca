import type { Role } from '../contract/access';
import type { ActivityEntry } from '../contract/activity';
import type { ConsoleDatabase } from './console-db';

/**
 * The log keeps this many newest changes, and apart from them as many newest refusals (status 400 and up):
 * anyone may cause refusals, and a flood of them must not push the changes out.
 */
const keptEntries = 100_000;

type ActivityRow = {
  id: number;
  at_ms: number;
  person: string;
  /** '' for nobody signed in (the column predates entries without a role). */
  role: Role | '';
  action: string;
  target: string;
  status: number;
};

/** Who changed what through the console, newest first. */
export function createActivityLog(db: ConsoleDatabase, now: () => number = Date.now, kept = keptEntries) {
  const insert = db.prepare<[number, string, Role | '', string, string, number]>(
    'INSERT INTO activity (at_ms, person, role, action, target, status) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const pruneOf = (refusals: boolean) => {
    const kind = refusals ? 'status >= 400' : 'status < 400';
    return db.prepare<[number]>(
      `DELETE FROM activity WHERE ${kind} AND id <= (
         SELECT id FROM activity WHERE ${kind} ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    );
  };
  const pruneChanges = pruneOf(false);
  const pruneRefusals = pruneOf(true);
  const page = db.prepare<[number, number], ActivityRow>(
    'SELECT * FROM activity WHERE id < ? ORDER BY id DESC LIMIT ?',
  );

  return {
    /** `role` null: nobody signed in, as for a failed sign-in. */
    record(entry: {
      person: string;
      role: Role | null;
      action: string;
      target: string;
      status: number;
    }): void {
      const { lastInsertRowid } = insert.run(
        now(),
        entry.person.slice(0, 200),
        entry.role ?? '',
        entry.action.slice(0, 200),
        entry.target.slice(0, 300),
        entry.status,
      );
      const id = Number(lastInsertRowid);
      if (id % 1000 === 0) {
        pruneChanges.run(kept);
        pruneRefusals.run(kept);
      }
    },
    /** Entries older than `before` (an entry id), newest first. */
    list({ before, limit }: { before?: number; limit: number }): {
      entries: ActivityEntry[];
      nextBefore: number | null;
    } {
      const rows = page.all(before ?? Number.MAX_SAFE_INTEGER, limit + 1);
      const entries = rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: new Date(row.at_ms).toISOString(),
        person: row.person,
        role: row.role || null,
        action: row.action,
        target: row.target,
        status: row.status,
      }));
      return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}
export type ActivityLog = ReturnType<typeof createActivityLog>;
