import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ServerEnv } from '../server-env';

/**
 * The built dashboard from `distDir`, with index.html for every client-side route. Without a build there
 * (`npm start` makes one first) the log says so and pages answer 404; serveStatic would otherwise say it
 * on stderr past the log, which LOG_FORMAT=json must not.
 */
export function installDashboardFiles(app: Hono<ServerEnv>, distDir: string, log: (line: string) => void) {
  if (!existsSync(distDir)) {
    log(`no built dashboard at ${distDir}: pages answer 404 (npm run build makes it)`);
    return;
  }
  const assetsDir = `${join(distDir, 'assets')}${sep}`;
  const setCacheHeader = (path: string, c: { header: (name: string, value: string) => void }) =>
    c.header(
      'cache-control',
      // Files under assets/ carry a content hash in their name: they never change.
      path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  // Only the pages and assets: API answers stay uncompressed to keep the proxy's added latency low.
  app.use('*', compress({ encoding: 'gzip' }));
  app.use('*', serveStatic({ root: distDir, onFound: setCacheHeader }));
  app.get('*', async (c, next) => {
    // A missing asset is a 404, not the page: a browser must never run HTML as a script.
    if (c.req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(c.req.path)) return next();
    return serveStatic({ root: distDir, path: 'index.html', onFound: setCacheHeader })(c, next);
  });
}
