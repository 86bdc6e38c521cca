import type { Role } from '../../contract/access';
import type { ConsoleDatabase } from '../console-db';
import {
  type ActivityLog,
  type ActivityLogOptions,
  activityPage,
  activityRow,
  defaultActivityCaps,
} from './activity-log';

type ActivityRow = {
  id: number;
  at_ms: number;
  person: string;
  role: Role | '';
  action: string;
  target: string;
  status: number;
};

/** The activity log in the console's SQLite database (the `activity` table of console-db.ts). */
export function createSqliteActivityLog(
  db: ConsoleDatabase,
  {
    now = Date.now,
    kept = defaultActivityCaps.kept,
    pruneEvery = defaultActivityCaps.pruneEvery,
  }: ActivityLogOptions = {},
): ActivityLog {
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
    async record(entry) {
      const { person, role, action, target, status } = activityRow(entry);
      const { lastInsertRowid } = insert.run(now(), person, role, action, target, status);
      if (Number(lastInsertRowid) % pruneEvery === 0) {
        pruneChanges.run(kept);
        pruneRefusals.run(kept);
      }
    },
    async list({ before, limit }) {
      return activityPage(page.all(before ?? Number.MAX_SAFE_INTEGER, limit + 1), limit);
    },
  };
}
