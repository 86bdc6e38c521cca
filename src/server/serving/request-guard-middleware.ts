import type { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import {
  hostAllowList,
  isChangeMethod,
  isJsonContentType,
  isSameOrigin,
  rawTarget,
} from '../../http/request-guards';
import { errorResponse } from '../api/error-envelope';
import type { ServerConfig } from '../config/config';
import type { RequestLogEntry } from '../operations/console-log';
import { webhookPath } from '../record-index/intake/webhook-receiver';
import type { ServerEnv } from '../server-env';

// `.` or `..` (plain or encoded) as a segment, or an empty segment: `//host/...` reads as another host.
const unsafePath = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)|\/\//i;

/** The path as logged: no query string (it may hold customer data), control characters escaped, bounded. */
function loggablePath(target: string): string {
  const path = target.split('?')[0] ?? '';
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1);
}

/**
 * What every request meets before any route: a request id (`X-Request-Id` from a proxy in front when well
 * formed, else a new one; the answer carries it), a log entry and a count by route pattern once answered,
 * and refusals of unsafe paths, host names that are not the console's and changes from other sites; then
 * the security headers on every answer.
 */
export function installRequestGuards(
  app: Hono<ServerEnv>,
  {
    config,
    requestLog,
    countRequest = () => {},
  }: {
    config: ServerConfig;
    requestLog: (entry: RequestLogEntry) => void;
    /** Hears each answer with the route pattern that gave it (`*` for one refused here). */
    countRequest?: (method: string, route: string, status: number) => void;
  },
) {
  const isAllowedHost = hostAllowList(config);

  app.use(requestId({ limitLength: 128 }));
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
    // A refusal made here replaces the answer whole, without the header requestId prepared: add it again.
    const id = c.get('requestId');
    if (c.res.headers.get('x-request-id') === null) c.header('x-request-id', id);
    const note = c.get('logNote');
    // The handler that answered: the matched routes are walked in order, and the last one entered answered.
    const route = routePath(c) || '*';
    countRequest(c.req.method, route, c.res.status);
    requestLog({
      requestId: id,
      method: c.req.method,
      path: loggablePath(target),
      route,
      status: c.res.status,
      durationMs: performance.now() - started,
      ...(note ? { note } : {}),
    });
  });

  // DNS rebinding: a page of another site whose name resolves to this machine reaches us under its name.
  app.use(async (c, next) => {
    // Browsers always send Host; a request without one (HTTP/1.0, in-process tests) is read by its URL.
    if (isAllowedHost(c.req.header('host') ?? new URL(c.req.url).host)) return next();
    c.res = errorResponse(
      403,
      'host_not_allowed',
      'This host name is not served',
      'The console answers only under its own host names. To reach it under another name, set CONSOLE_PUBLIC_URL or CONSOLE_ALLOWED_HOSTS.',
    );
  });

  // Cross-site writes: a form POST, a beacon or a no-cors fetch from another page carries our cookies
  // (or, on an open console, needs none). Only the console's own pages may change anything, and only
  // with JSON, which no form or beacon can send across sites without asking first.
  app.use('/api/*', async (c, next) => {
    // The operator's webhooks come from its servers, not a browser: their token guards them instead.
    if (!isChangeMethod(c.req.method) || c.req.path === webhookPath) return next();
    if (!isSameOrigin(c.req.raw.headers, config.publicUrl)) {
      return errorResponse(
        403,
        'cross_site_request',
        'Changes come only from the console’s own pages',
        'This request did not come from a page of the console (its Origin names another site, or it has none). Scripts must send Origin with the console’s own address.',
      );
    }
    if (!isJsonContentType(c.req.header('content-type') ?? null)) {
      return errorResponse(
        415,
        'unsupported_media_type',
        'Send JSON',
        'Requests that change something must have Content-Type: application/json, with a body or without.',
      );
    }
    return next();
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
}
