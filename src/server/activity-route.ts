import type { Hono } from 'hono';
import { activityQuerySchema } from '@/contract/activity';
import { errorResponse } from './error-envelope';
import type { ServerEnv } from './server-env';
import type { ActivityLog } from './store/activity-log';

/** The activity log, a page at a time (`GET /api/activity?before=…&limit=…`). */
export function installActivityRoute(app: Hono<ServerEnv>, { activity }: { activity: ActivityLog }): void {
  app.get('/api/activity', async (c) => {
    // Each parameter once: a repeated one is refused rather than one of its values picked.
    const sent = [...new URL(c.req.url).searchParams];
    const asked = activityQuerySchema.safeParse(Object.fromEntries(sent));
    const names = new Set<string>();
    const repeated = sent.find(([name]) => names.size === names.add(name).size);
    if (!asked.success || repeated) {
      const issue = asked.success ? undefined : asked.error.issues[0];
      const unknown = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      const parameter = repeated?.[0] ?? String(unknown ?? issue?.path[0] ?? '');
      return errorResponse(
        400,
        'validation_failed',
        'A parameter of the activity log is not usable',
        repeated
          ? `Send ${parameter} once.`
          : unknown !== undefined
            ? 'The activity log takes only before and limit.'
            : (issue?.message ?? ''),
        { pointer: `/${parameter.slice(0, 200)}`, parameter: parameter.slice(0, 200) },
      );
    }
    const page = await activity.list(asked.data);
    return c.json(
      { data: page, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] },
      200,
      {
        'cache-control': 'no-store',
      },
    );
  });
}
