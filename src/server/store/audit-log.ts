import type { Role } from '../../contract/access';
import type { AuditLogEntry } from '../../contract/audit-log';

/** One thing a person did, or was refused, through the console. `role` null: nobody signed in. */
export type AuditLogRecord = {
  person: string;
  role: Role | null;
  action: string;
  target: string;
  status: number;
};

export type AuditLogPage = { entries: AuditLogEntry[]; nextBefore: number | null };

/**
 * Who changed what through the console, newest first: the port every caller (routes, the access guard,
 * `npm run users`) goes through. Two adapters hold it: sqlite-audit-log.ts (one console, the default) and
 * postgres-audit-log.ts (several consoles writing one log). audit-log.test.ts holds both to the same
 * answers.
 */
export interface AuditLog {
  record(entry: AuditLogRecord): Promise<void>;
  /** Entries older than `before` (an entry id), newest first. */
  list(page: { before?: number; limit: number }): Promise<AuditLogPage>;
}

/**
 * How much the log keeps: the `kept` newest changes, and apart from them as many newest refusals (status 400
 * and up): anyone may cause refusals, and a flood of them must not push the changes out. Both are cut down
 * each time an entry's id is a multiple of `pruneEvery`, so up to `pruneEvery` more may be held between.
 */
export type AuditLogOptions = { now?: () => number; kept?: number; pruneEvery?: number };
export const defaultAuditLogCaps = { kept: 100_000, pruneEvery: 1000 };

/** What an entry keeps of each field: long names and targets are cut, not refused. */
export const auditLogRow = (entry: AuditLogRecord) => ({
  person: entry.person.slice(0, 200),
  /** '' for nobody signed in (the SQLite column predates entries without a role). */
  role: entry.role ?? ('' as const),
  action: entry.action.slice(0, 200),
  target: entry.target.slice(0, 300),
  status: entry.status,
});

type StoredRow = {
  id: number | string;
  at_ms: number | string;
  person: string;
  role: Role | '';
  action: string;
  target: string;
  status: number;
};

/** A page of stored rows (up to `limit` + 1, newest first) as the port answers it. */
export function auditLogPage(rows: StoredRow[], limit: number): AuditLogPage {
  const entries = rows.slice(0, limit).map((row) => ({
    id: Number(row.id),
    at: new Date(Number(row.at_ms)).toISOString(),
    person: row.person,
    role: row.role || null,
    action: row.action,
    target: row.target,
    status: row.status,
  }));
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}
