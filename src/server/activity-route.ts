import type { Hono } from 'hono';
import { listAuditLogRoute } from '../contract/activity';
import { answerData, installRoute } from './console-route';
import type { ServerEnv } from './server-env';
import type { ActivityLog } from './store/activity-log';

/** Entries a page of the audit log holds when the caller does not say. */
const defaultLimit = 50;

/** The console's audit log, a page at a time (`GET /api/activity?before=…&limit=…`). */
export function installActivityRoute(app: Hono<ServerEnv>, { activity }: { activity: ActivityLog }): void {
  installRoute(app, listAuditLogRoute, async (c, { before, limit = defaultLimit }) =>
    answerData(c, await activity.list({ before, limit })),
  );
}
