import type { Hono } from 'hono';
import { listAuditLogRoute } from '../../contract/audit-log';
import { answerData, installRoute } from '../api/console-route';
import type { ServerEnv } from '../server-env';
import type { AuditLog } from '../store/audit-log';

/** Entries a page of the audit log holds when the caller does not say. */
const defaultLimit = 50;

/** The console's audit log, a page at a time (`GET /api/audit-log?before=…&limit=…`). */
export function installAuditLogRoute(app: Hono<ServerEnv>, { auditLog }: { auditLog: AuditLog }): void {
  installRoute(app, listAuditLogRoute, async (c, { query: { before, limit = defaultLimit } }) =>
    answerData(c, await auditLog.list({ before, limit })),
  );
}
