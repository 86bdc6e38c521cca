import type { Hono } from 'hono';
import { errorEnvelope, errorResponse } from '../api/error-envelope';
import { Busy } from '../heavy-work/heavy-queue';
import { busyAnswer } from '../heavy-work/heavy-work';
import type { ServerEnv } from '../server-env';
import { installDashboardFiles } from './dashboard-files';

/**
 * After every other route: a 404 in the envelope for an `/api` path no route takes, the built dashboard
 * (unless `distDir` is null), a 404 for anything else, 503 for heavy work the console had no room for, and
 * a 500 that says nothing of a failure's cause.
 */
export function installFallbacks(app: Hono<ServerEnv>, distDir: string | null, log: (line: string) => void) {
  app.all('/api/*', (c) =>
    errorResponse(
      404,
      'not_found',
      'No such API route',
      `${c.req.method} ${c.req.path} is not a route of this server.`,
    ),
  );

  if (distDir !== null) installDashboardFiles(app, distDir, log);

  app.notFound((c) =>
    c.json(errorEnvelope(404, 'not_found', 'Not found', `${c.req.path} does not exist.`), 404),
  );
  app.onError((error, c) => {
    // Heavy work refused deep inside a route (a password to hash, with the hashing line full): 503.
    if (error instanceof Busy) return busyAnswer(error);
    c.set('logNote', `internal_error ${error.name}`);
    return errorResponse(
      500,
      'internal_error',
      'The server failed',
      'Something went wrong on the server; try again.',
    );
  });
}
