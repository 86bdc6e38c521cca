import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { activityQuerySchema } from '@/contract/activity';
import type { ConsoleConfig } from '@/contract/console-config';
import { createAccess } from './access';
import { installAccountRoutes } from './account-routes';
import { clientAddress, trustedProxyList } from './client-address';
import type { ServerConfig } from './config';
import type { ConsoleDatabase } from './console-db';
import { type RequestLogEntry, requestLine, withoutSecret } from './console-log';
import { type ConsoleMetrics, createConsoleMetrics } from './console-metrics';
import { installDashboardFiles } from './dashboard-files';
import { errorEnvelope, errorResponse } from './error-envelope';
import { installForwardRoutes } from './forward-routes';
import { defaultHeldForwardLimits, type HeldForwardLimits, limitHeldForwards } from './held-forwards';
import { installOperationsRoutes } from './operations-routes';
import type { SignInLimits } from './password-sign-in';
import type { Upstream } from './proxy';
import { inThreadIntake, type WebhookIntake } from './record-index/intake/webhook-intake';
import { installWebhookReceiver, webhookPath } from './record-index/intake/webhook-receiver';
import { installIndexListRoutes } from './record-index/routes/index-list-routes';
import { installIndexRoutes } from './record-index/routes/index-routes';
import {
  defaultLiveEventLimits,
  installLiveEvents,
  type LiveEventLimits,
} from './record-index/routes/live-events-route';
import { installRecordActivityRoute } from './record-index/routes/record-activity-route';
import { installRecordRoutes } from './record-index/routes/record-routes';
import { installTraceRoutes } from './record-index/routes/trace-routes';
import { installWorkQueueRoutes } from './record-index/routes/work-queue-routes';
import { createChangeFeed } from './record-index/store/change-feed';
import { createRecordStore } from './record-index/store/record-store';
import type { RecordStore } from './record-index/store/record-store-port';
import type { IndexChecks } from './record-index/sync/index-checks';
import type { IndexSync } from './record-index/sync/index-sync';
import { installRequestGuards } from './request-guard-middleware';
import type { ServerEnv } from './server-env';
import { createSingleSignOn, singleSignOnPaths } from './single-sign-on';
import type { AttemptLimitStore } from './store/attempt-limits';
import { createMemoryAttemptLimits } from './store/memory-attempt-limits';
import { type SharedStores, sqliteSharedStores } from './store/shared-stores';

export type ServerAppOptions = {
  config: ServerConfig;
  /** The resolved upstream: the operator's service, or the embedded sandbox in sandbox mode. */
  upstream: Upstream;
  mode: 'sandbox' | 'upstream';
  /** The built dashboard; null serves only `/api` (the Vite dev server serves the pages then). */
  distDir: string | null;
  /**
   * The SQLite database of a console alone, where its index and shared stores are kept unless given;
   * left out by a team's console, which gives both.
   */
  consoleDb?: ConsoleDatabase;
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
  /** Password guesses allowed per name and per address in 15 minutes. */
  signInLimits?: SignInLimits;
  /** Where sign-in guesses and wrong webhook tokens are counted; by default in this process. */
  attemptLimits?: AttemptLimitStore;
  /**
   * Accounts, sessions, the activity log and those limits: in PostgreSQL for a team's consoles
   * (CONSOLE_DATABASE_URL); by default in the console's own database, with `attemptLimits`.
   */
  shared?: SharedStores;
  /** The index's checks against the operator, for the status endpoint; null where none runs (tests). */
  checks?: IndexChecks | null;
  /** Caps and timers of the live event stream (`/api/events`). */
  liveEvents?: LiveEventLimits;
  /** Caps of the requests forwarded to the warehouse waiting on it at once. */
  heldForwards?: HeldForwardLimits;
  log?: (line: string) => void;
  /** Each request's log entry (the key removed from it); by default its text line through `log`. */
  requestLog?: (entry: RequestLogEntry) => void;
  /** What `/metrics` serves; by default a registry of this app's own. */
  metrics?: ConsoleMetrics;
};

/** Routes outside sessions: signing in, and (with its own token) the operator's webhooks. */
const publicApiPaths = ['/api/session', singleSignOnPaths.start, singleSignOnPaths.callback, webhookPath];

/** The interface allows 1 MiB bodies; larger ones would be refused upstream anyway. */
const maxBodyBytes = 1024 * 1024;

export function publicConsoleConfig(config: ServerConfig, mode: 'sandbox' | 'upstream'): ConsoleConfig {
  return {
    mode,
    upstreamHost: mode === 'upstream' ? (config.upstreamBaseUrl?.host ?? null) : null,
    organization: config.organization,
    warehouses: config.warehouses,
    attributeKeys: config.attributeKeys,
    serialKey: config.serialKey,
    rateGroups: config.rateGroups,
    priceCurrency: config.priceCurrency,
  };
}

function required(consoleDb: ConsoleDatabase | undefined): ConsoleDatabase {
  if (!consoleDb) throw new Error('The console app needs a console database, or its index and shared stores');
  return consoleDb;
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
  records = createRecordStore(required(consoleDb), { organization: config.organization ?? '' }),
  intake = inThreadIntake(records),
  webhookToken = null,
  sync = null,
  signInLimits,
  attemptLimits = createMemoryAttemptLimits(),
  shared = sqliteSharedStores(required(consoleDb), attemptLimits),
  checks = null,
  liveEvents = defaultLiveEventLimits,
  heldForwards = defaultHeldForwardLimits,
  log = console.log,
  requestLog = (entry) => log(requestLine(entry)),
  metrics = createConsoleMetrics(),
}: ServerAppOptions) {
  const app = new Hono<ServerEnv>();
  const consoleConfig = publicConsoleConfig(config, mode);
  const { accounts, activity } = shared;
  const secureCookies = config.publicUrl?.protocol === 'https:';
  const trustedProxies = trustedProxyList(config.trustedProxies);
  const clientAddressOf = (c: Context<ServerEnv>) =>
    clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies);
  const access = createAccess({
    accounts,
    activity,
    clientAddressOf,
    host: config.host,
    secureCookies,
    sessionLifetimeMs: config.sessionHours * 3_600_000,
    singleSignOn: config.singleSignOn !== null,
    limits: signInLimits,
    attemptLimits: shared.attemptLimits,
    grants: config.grants,
  });

  installRequestGuards(app, {
    config,
    // A client may put anything in a path, the key too: it never reaches a log line.
    requestLog: (entry) => requestLog(withoutSecret(entry, upstream.apiKey)),
    countRequest: metrics.requestAnswered,
  });
  // Before sign-in and the dashboard's pages: a load balancer and a monitoring system have no session.
  installOperationsRoutes(app, {
    readiness: () => shared.readiness(),
    metrics,
    metricsToken: config.metricsToken,
    log,
  });

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

  app.post('/api/session', limitBody);
  access.install(app);
  if (config.singleSignOn !== null) {
    createSingleSignOn({
      settings: config.singleSignOn,
      accounts,
      openSessionFor: access.openSessionFor,
      secureCookies,
    }).install(app);
  }

  installWebhookReceiver(app, {
    intake,
    token: webhookToken,
    organization: config.organization,
    limitBody,
    clientAddressOf,
    countOutcome: metrics.webhookAnswered,
    attemptLimits: shared.attemptLimits,
  });

  app.use('/api/*', async (c, next) => {
    if (publicApiPaths.includes(c.req.path)) return next();
    const { mode: accessMode, person } = await access.accessOf(c);
    if (accessMode === 'locked') {
      return errorResponse(
        503,
        'sign_in_not_configured',
        'Sign-in is not set up',
        'The console listens beyond this machine and has no accounts yet, so it serves no data. Add one with `npm run users -- add NAME --role admin` on the server.',
      );
    }
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

  // One count of the requests that may wait on the warehouse: forwards, and searches and reads that look up.
  const limitForwards = limitHeldForwards(heldForwards);
  installIndexRoutes(app, {
    store: records,
    sync,
    upstream,
    webhooksOn: webhookToken !== null,
    checks,
    limitForwards,
  });
  installRecordRoutes(app, { store: records, upstream, limitForwards });
  installRecordActivityRoute(app, { store: records });
  installAccountRoutes(app, { accounts, activity, limitBody, grants: config.grants });
  installIndexListRoutes(app, { store: records, activity });
  installWorkQueueRoutes(app, { store: records });
  installTraceRoutes(app, { store: records, activity });
  const liveStreams = installLiveEvents(app, {
    feed: createChangeFeed(records),
    signedIn: async (c) => (await access.personOf(c)) !== null,
    reach: upstream.reach ?? null,
    limits: liveEvents,
  });
  metrics.watch({
    indexLagSeconds: async () => {
      const newestMs = await records.newestUpdateMs();
      return newestMs === null ? null : Math.max(0, (Date.now() - newestMs) / 1000);
    },
    liveStreams: liveStreams.openCount,
  });

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

  app.get('/api/config', (c) =>
    c.json(
      { data: consoleConfig, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] },
      200,
      {
        'cache-control': 'no-store',
      },
    ),
  );

  installForwardRoutes(app, {
    upstream,
    mode,
    records,
    activity,
    limitBody,
    limitForwards,
  });

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
