import { join, sep } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { ConsoleConfig } from '../contract/console-config';
import type { ServerConfig } from './config';
import { errorEnvelope, errorResponse } from './error-envelope';
import { forwardRequest, isInterfaceOperation, parseProxyTarget, type Upstream } from './proxy';

export type ServerAppOptions = {
  config: ServerConfig;
  /** The resolved upstream: the operator's service, or the embedded sandbox in sandbox mode. */
  upstream: Upstream;
  mode: 'sandbox' | 'upstream';
  /** The built dashboard; null serves only `/api` (the Vite dev server serves the pages then). */
  distDir: string | null;
  log?: (line: string) => void;
};

type ServerEnv = { Bindings: Partial<HttpBindings>; Variables: { logNote: string | undefined } };

/** The interface allows 1 MiB bodies; larger ones would be refused upstream anyway. */
const maxBodyBytes = 1024 * 1024;

// `.` or `..` (plain or encoded) as a segment, or an empty segment: `//host/...` reads as another host.
const unsafePath = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)|\/\//i;

/** The request target exactly as the client sent it: the Node request when there is one, else the URL. */
function rawTarget(incomingUrl: string | undefined, requestUrl: string): string {
  if (incomingUrl !== undefined) return incomingUrl;
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}

/** The path as logged: no query string (it may hold customer data), control characters escaped, bounded. */
function loggablePath(target: string): string {
  const path = target.split('?')[0] ?? '';
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1);
}

export function publicConsoleConfig(config: ServerConfig, mode: 'sandbox' | 'upstream'): ConsoleConfig {
  return {
    mode,
    upstreamHost: mode === 'upstream' ? (config.upstreamBaseUrl?.host ?? null) : null,
    organization: config.organization,
    warehouses: config.warehouses,
    attributeKeys: config.attributeKeys,
    serialKey: config.serialKey,
    rateGroups: config.rateGroups,
  };
}

/**
 * The backend for the dashboard: `/api/config`, the interface at `/api/warehouse/v1/*` (and the
 * sandbox's operator actions at `/api/sandbox/v1/*` in sandbox mode) forwarded with the key, and the
 * built dashboard with a fallback to index.html for client-side routes.
 */
export function createServerApp({ config, upstream, mode, distDir, log = console.log }: ServerAppOptions) {
  const app = new Hono<ServerEnv>();
  const consoleConfig = publicConsoleConfig(config, mode);

  app.use(async (c, next) => {
    const started = performance.now();
    const target = rawTarget(c.env?.incoming?.url, c.req.url);
    if (!target.startsWith('/') || unsafePath.test(target.split('?')[0] ?? '')) {
      c.res = errorResponse(
        400,
        'invalid_path',
        'The request path is not allowed',
        'Send a path starting with / and without empty, "." or ".." segments.',
      );
    } else {
      await next();
    }
    const note = c.get('logNote');
    log(
      `${c.req.method} ${loggablePath(target)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms${note ? ` ${note}` : ''}`,
    );
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: 'DENY',
    }),
  );

  app.get('/api/config', (c) =>
    c.json(
      { data: consoleConfig, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] },
      200,
      {
        'cache-control': 'no-store',
      },
    ),
  );

  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    // The rest of the body is never read, so the connection cannot carry another request: say so.
    onError: () =>
      errorResponse(
        413,
        'payload_too_large',
        'The request body is too large',
        'Send at most 1 MiB of JSON.',
        { connection: 'close' },
      ),
  });

  const forwardBelow = (
    prefix: string,
    upstreamPrefix: string,
    allows: (method: string, segments: string[]) => boolean,
  ) =>
    app.all(`${prefix}/*`, limitBody, async (c) => {
      const parsed = parseProxyTarget(rawTarget(c.env?.incoming?.url, c.req.url), prefix);
      if (!parsed.ok) return parsed.response;
      const method = c.req.method;
      if (!allows(method, parsed.segments)) {
        return errorResponse(
          404,
          'not_found',
          'No such operation',
          `${method} ${upstreamPrefix}/${parsed.segments.join('/')} is not an operation of the warehouse interface.`,
        );
      }
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const { response, logNote } = await forwardRequest(upstream, {
        method,
        path: `${upstreamPrefix}/${parsed.segments.map(encodeURIComponent).join('/')}`,
        search: parsed.search,
        headers: c.req.raw.headers,
        body: hasBody ? await c.req.arrayBuffer() : null,
      });
      c.set('logNote', logNote);
      return response;
    });

  forwardBelow('/api/warehouse/v1', '/warehouse/v1', isInterfaceOperation);
  if (mode === 'sandbox') {
    // The sandbox's operator actions: its own surface, checked there; here only the path safety rules apply.
    forwardBelow('/api/sandbox/v1', '/sandbox/v1', (method) =>
      ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method),
    );
  }

  app.all('/api/*', (c) =>
    errorResponse(
      404,
      'not_found',
      'No such API route',
      `${c.req.method} ${c.req.path} is not a route of this server.`,
    ),
  );

  if (distDir !== null) {
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

  app.notFound((c) =>
    c.json(errorEnvelope(404, 'not_found', 'Not found', `${c.req.path} does not exist.`), 404),
  );
  app.onError((error, c) => {
    c.set('logNote', `internal_error ${error.name}`);
    return errorResponse(
      500,
      'internal_error',
      'The server failed',
      'Something went wrong on the server; try again.',
    );
  });

  return app;
}
