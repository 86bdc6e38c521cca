import {
  type AuditLog,
  type AuditLogOptions,
  auditLogPage,
  auditLogRow,
  defaultAuditLogCaps,
} from '../audit-log';
import type { PostgresDatabase } from './postgres-database';

// The table keeps the log's earlier name, activity: renaming it would take a migration for nothing.
const pruneOf = (kind: string) =>
  `DELETE FROM activity WHERE ${kind} AND id <= (
     SELECT id FROM activity WHERE ${kind} ORDER BY id DESC LIMIT 1 OFFSET $1)`;
const pruneChanges = pruneOf('status < 400');
const pruneRefusals = pruneOf('status >= 400');

/**
 * The audit log in PostgreSQL, one log for every console on the database. Ids come from one identity
 * sequence, so the entry whose id is a multiple of `pruneEvery` cuts the log down, whichever console wrote it.
 */
export function createPostgresAuditLog(
  db: PostgresDatabase,
  {
    now = Date.now,
    kept = defaultAuditLogCaps.kept,
    pruneEvery = defaultAuditLogCaps.pruneEvery,
  }: AuditLogOptions = {},
): AuditLog {
  return {
    async record(entry) {
      const { person, role, action, target, status } = auditLogRow(entry);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO activity (at_ms, person, role, action, target, status) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
        [now(), person, role, action, target, status],
      );
      if (Number(rows[0]?.id) % pruneEvery === 0) {
        await db.query(pruneChanges, [kept]);
        await db.query(pruneRefusals, [kept]);
      }
    },
    async list({ before, limit }) {
      const { rows } = await db.query('SELECT * FROM activity WHERE id < $1 ORDER BY id DESC LIMIT $2', [
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      ]);
      return auditLogPage(rows, limit);
    },
  };
}
