import type { Role } from '../../../contract/access';
import {
  type AuditLog,
  type AuditLogOptions,
  auditLogPage,
  auditLogRow,
  defaultAuditLogCaps,
} from '../audit-log';
import type { ConsoleDatabase } from './console-db';

type AuditLogRow = {
  id: number;
  at_ms: number;
  person: string;
  role: Role | '';
  action: string;
  target: string;
  status: number;
};

/** The audit log in the console's SQLite database, in the table `activity` (its earlier name, kept). */
export function createSqliteAuditLog(
  db: ConsoleDatabase,
  {
    now = Date.now,
    kept = defaultAuditLogCaps.kept,
    pruneEvery = defaultAuditLogCaps.pruneEvery,
  }: AuditLogOptions = {},
): AuditLog {
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
  const page = db.prepare<[number, number], AuditLogRow>(
    'SELECT * FROM activity WHERE id < ? ORDER BY id DESC LIMIT ?',
  );

  return {
    async record(entry) {
      const { person, role, action, target, status } = auditLogRow(entry);
      const { lastInsertRowid } = insert.run(now(), person, role, action, target, status);
      if (Number(lastInsertRowid) % pruneEvery === 0) {
        pruneChanges.run(kept);
        pruneRefusals.run(kept);
      }
    },
    async list({ before, limit }) {
      return auditLogPage(page.all(before ?? Number.MAX_SAFE_INTEGER, limit + 1), limit);
    },
  };
}
