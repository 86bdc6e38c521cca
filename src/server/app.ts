import { join, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { ConsoleConfig } from '../contract/console-config';
import { createAccess, refusalFor } from './access';
import { installAccountRoutes } from './account-routes';
import { createAccountStore } from './account-store';
import { createActivityLog } from './activity-log';
import { describeChange, permissionForChange } from './change-permissions';
import type { ServerConfig } from './config';
import type { ConsoleDatabase } from './console-db';
import { errorEnvelope, errorResponse } from './error-envelope';
import { forwardRequest, type Upstream } from './proxy';
import { isInterfaceOperation, parseProxyTarget } from './proxy-target';
import { installIndexListRoutes } from './record-index/index-list-routes';
import { installIndexRoutes } from './record-index/index-routes';
import type { IndexSync } from './record-index/index-sync';
import { createRecordStore, type RecordStore } from './record-index/record-store';
import { inThreadIntake, type WebhookIntake } from './record-index/webhook-intake';
import { installWebhookReceiver, webhookPath } from './record-index/webhook-receiver';
import { indexAnswer, isExactLookup } from './record-index/write-through';
import { hostAllowList, isChangeMethod, isJsonContentType, isSameOrigin } from './request-guards';
import type { ServerEnv } from './server-env';
import { createSingleSignOn, singleSignOnPaths } from './single-sign-on';

export type ServerAppOptions = {
  config: ServerConfig;
  /** The resolved upstream: the operator's service, or the embedded sandbox in sandbox mode. */
  upstream: Upstream;
  mode: 'sandbox' | 'upstream';
  /** The built dashboard; null serves only `/api` (the Vite dev server serves the pages then). */
  distDir: string | null;
  /** The console's own database (accounts, sessions, activity). */
  consoleDb: ConsoleDatabase;
  /** The index of the warehouse's records; by default one in `consoleDb`. */
  records?: RecordStore;
  /** Reads and stores the operator's webhook deliveries; by default on this thread, into `records`. */
  intake?: WebhookIntake;
  /**
   * The token `POST /api/webhooks/warehouse` requires (header x-webhook-token or query parameter token):
   * WEBHOOK_TOKEN, or in sandbox mode a random one startConsole made and gave the embedded sandbox;
   * null or left out: the endpoint takes no webhooks.
   */
  webhookToken?: string | null;
  /** The sync over the operator's listing, for the status endpoint; null where none runs (tests). */
  sync?: IndexSync | null;
  log?: (line: string) => void;
};

/** Routes outside sessions: signing in, and (with its own token) the operator's webhooks. */
const publicApiPaths = ['/api/session', singleSignOnPaths.start, singleSignOnPaths.callback, webhookPath];

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
export function createServerApp({
  config,
  upstream,
  mode,
  distDir,
  consoleDb,
  records = createRecordStore(consoleDb, { organization: config.organization ?? '' }),
  intake = inThreadIntake(records),
  webhookToken = null,
  sync = null,
  log = console.log,
}: ServerAppOptions) {
  const app = new Hono<ServerEnv>();
  const consoleConfig = publicConsoleConfig(config, mode);
  const isAllowedHost = hostAllowList(config);
  const activity = createActivityLog(consoleDb);
  const accounts = createAccountStore(consoleDb);
  const secureCookies = config.publicUrl?.protocol === 'https:';
  const access = createAccess({
    accounts,
    activity,
    host: config.host,
    secureCookies,
    sessionLifetimeMs: config.sessionHours * 3_600_000,
    singleSignOn: config.singleSignOn !== null,
  });

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

  access.install(app);
  if (config.singleSignOn !== null) {
    createSingleSignOn({
      settings: config.singleSignOn,
      accounts,
      openSessionFor: access.openSessionFor,
      secureCookies,
    }).install(app);
  }

  const tooLarge = () =>
    errorResponse(413, 'payload_too_large', 'The request body is too large', 'Send at most 1 MiB of JSON.', {
      // The rest of the body is never read, so the connection cannot carry another request: say so.
      headers: { connection: 'close' },
    });
  const limitStreamedBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  // Hono's bodyLimit reads `c.req.raw.body`, which builds a web Request and its stream for every request
  // (about a tenth of a webhook delivery's cost); a declared length needs neither, only a streamed body does.
  const limitBody: MiddlewareHandler<ServerEnv> = (c, next) => {
    const headers = c.env?.incoming?.headers;
    const declared = headers?.['content-length'];
    if (declared === undefined || headers?.['transfer-encoding'] !== undefined)
      return limitStreamedBody(c, next);
    return Number(declared) > maxBodyBytes ? Promise.resolve(tooLarge()) : next();
  };

  installWebhookReceiver(app, { intake, token: webhookToken, limitBody });

  app.use('/api/*', async (c, next) => {
    if (publicApiPaths.includes(c.req.path)) return next();
    const accessMode = access.mode();
    if (accessMode === 'locked') {
      return errorResponse(
        503,
        'sign_in_not_configured',
        'Sign-in is not set up',
        'The console listens beyond this machine and has no accounts yet, so it serves no data. Add one with `npm run users -- add NAME --role admin` on the server.',
      );
    }
    const person = access.personOf(c);
    if (person === null) {
      return errorResponse(
        401,
        'sign_in_required',
        'Sign in first',
        'Your session has ended or you have not signed in.',
      );
    }
    c.set('person', person);
    return next();
  });

  installIndexRoutes(app, { store: records, sync, upstream, webhooksOn: webhookToken !== null });
  installAccountRoutes(app, { accounts, activity });
  installIndexListRoutes(app, { store: records, activity });

  app.get('/api/activity', (c) => {
    const before = Number(c.req.query('before'));
    const limit = Number(c.req.query('limit') ?? 50);
    const page = activity.list({
      before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
      limit: Number.isInteger(limit) && limit >= 1 && limit <= 200 ? limit : 50,
    });
    return c.json(
      { data: page, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] },
      200,
      {
        'cache-control': 'no-store',
      },
    );
  });

  app.get('/api/config', (c) =>
    c.json(
      { data: consoleConfig, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] },
      200,
      {
        'cache-control': 'no-store',
      },
    ),
  );

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
      const changes = isChangeMethod(method);
      const person = c.get('person');
      const body = changes ? await c.req.arrayBuffer() : null;
      const refusal = changes ? refusalFor(person, permissionForChange(parsed.segments)) : null;
      const { response, logNote } = refusal
        ? { response: refusal, logNote: `forbidden for ${person.role}` }
        : await forwardRequest(upstream, {
            method,
            path: `${upstreamPrefix}/${parsed.segments.map(encodeURIComponent).join('/')}`,
            search: parsed.search,
            headers: c.req.raw.headers,
            body,
          });
      c.set('logNote', logNote);
      const readsAnswer = response.ok && (body !== null || isExactLookup(parsed.segments, parsed.search));
      const answer = readsAnswer
        ? await response
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      if (answer !== undefined)
        indexAnswer(records, parsed.segments, body === null ? 'lookup' : 'console', answer);
      if (body !== null) {
        const { action, target } = describeChange(method, upstreamPrefix, parsed.segments, {
          request: body,
          answer,
        });
        activity.record({ person: person.name, role: person.role, action, target, status: response.status });
      }
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
