import { type Context, Hono } from 'hono';
import { type ConsoleConfig, getConfigRoute } from '../contract/console-config';
import { aneRuleFor, attributePacket } from '../contract/product-rules';
import { installAccountRoutes } from './access/account-routes';
import { installAuditLogRoute } from './access/audit-log-route';
import type { SignInLimits } from './access/password-sign-in';
import { installAccessGuards, installSignIn } from './access/sign-in-routes';
import { installConsoleApiDescription } from './api/console-openapi';
import { answerData, installRoute } from './api/console-route';
import { createBodyLimit } from './api/request-body-limit';
import { clientAddress, trustedProxyList, warnOfUnnamedProxy } from './config/client-address';
import type { ServerConfig } from './config/config';
import { type SharedStores, sqliteSharedStores } from './database/shared-stores';
import { createHeavyWork, type HeavyWork } from './heavy-work/heavy-work';
import { installProductImportRoutes } from './imports/product-import-routes';
import { type RequestLogEntry, requestLine, withoutSecret } from './operations/console-log';
import { type ConsoleMetrics, createConsoleMetrics } from './operations/console-metrics';
import { type LoadMonitor, shedUnderLoad, unmonitoredLoad } from './operations/load-shedding';
import { installOperationsRoutes } from './operations/operations-routes';
import { changeForwarder } from './proxy/forward-change';
import { installForwardRoutes } from './proxy/forward-routes';
import { defaultHeldForwardLimits, type HeldForwardLimits, limitHeldForwards } from './proxy/held-forwards';
import { inThreadIntake, type WebhookIntake } from './record-index/intake/webhook-intake';
import { installWebhookReceiver } from './record-index/intake/webhook-receiver';
import { installIndexApi } from './record-index/routes/index-api';
import { defaultLiveEventLimits, type LiveEventLimits } from './record-index/routes/live-events-route';
import { createRecordStore } from './record-index/store/record-store';
import type { RecordStore } from './record-index/store/record-store-port';
import type { IndexChecks } from './record-index/sync/index-checks';
import type { IndexSync } from './record-index/sync/index-sync';
import type { ServerEnv } from './server-env';
import { installFallbacks } from './serving/fallback-routes';
import { installRequestGuards } from './serving/request-guard-middleware';
import type { AttemptLimitStore } from './store/attempt-limits';
import { createMemoryAttemptLimits } from './store/memory-attempt-limits';
import { hashingState } from './store/password-hash';
import type { ConsoleDatabase } from './store/sqlite/console-db';
import type { Upstream } from './upstream/proxy';

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
   * Accounts, sessions, the audit log and those limits: in PostgreSQL for a team's consoles
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
  /** How pressed the console is (event loop delay, memory); by default never pressed (see unmonitoredLoad). */
  load?: LoadMonitor;
  /** The lines of heavy work (packets, imports, exports, traces) in front of the worker threads. */
  heavyWork?: HeavyWork;
};

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
    claimWindowDays: config.claimWindowDays,
    customerNextStep: config.customerNextStep,
    claimant: config.claimant,
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
  load = unmonitoredLoad,
  heavyWork = createHeavyWork({ level: () => load.reading().level }),
}: ServerAppOptions) {
  const app = new Hono<ServerEnv>();
  const consoleConfig = publicConsoleConfig(config, mode);
  const { accounts, auditLog } = shared;
  const trustedProxies = trustedProxyList(config.trustedProxies);
  const clientAddressOf = (c: Context<ServerEnv>) =>
    clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies);

  installRequestGuards(app, {
    config,
    // A client may put anything in a path, the key too: it never reaches a log line.
    requestLog: (entry) => requestLog(withoutSecret(entry, upstream.apiKey)),
    countRequest: metrics.requestAnswered,
  });
  app.use(warnOfUnnamedProxy(config.trustedProxies, log));
  app.use(shedUnderLoad(load, metrics.requestShed));
  metrics.watch({
    load: load.reading,
    heavyLines: () => [...heavyWork.queue.state(), ...hashingState()],
  });
  // Before sign-in and the dashboard's pages: a load balancer and a monitoring system have no session.
  installOperationsRoutes(app, {
    readiness: () => shared.readiness(),
    metrics,
    metricsToken: config.metricsToken,
    log,
  });

  const limitBody = createBodyLimit();
  const access = installSignIn(app, { config, shared, clientAddressOf, signInLimits, limitBody });
  installAccessGuards(app, access);

  installWebhookReceiver(app, {
    intake,
    token: webhookToken,
    organization: config.organization,
    limitBody,
    clientAddressOf,
    countOutcome: metrics.webhookAnswered,
    attemptLimits: shared.attemptLimits,
  });

  // One count of the requests that may wait on the warehouse: forwards, and searches and reads that look up.
  const limitForwards = limitHeldForwards(heldForwards);
  installIndexApi(app, {
    records,
    sync,
    upstream,
    webhooksOn: webhookToken !== null,
    checks,
    limitForwards,
    auditLog,
    signedIn: async (c) => (await access.personOf(c)) !== null,
    liveEvents,
    metrics,
    config,
    heavyWork,
  });
  installAccountRoutes(app, { accounts, auditLog, limitBody, grants: config.grants });
  installAuditLogRoute(app, { auditLog });
  installRoute(app, getConfigRoute, (c) => answerData(c, consoleConfig));
  installConsoleApiDescription(app);

  const forwardChange = changeForwarder({ upstream, records, auditLog });
  installProductImportRoutes(app, {
    upstream,
    records,
    forwardChange,
    packet: attributePacket(config),
    aneRule: aneRuleFor(mode),
    limitForwards,
    heavyWork,
    auditLog,
  });
  installForwardRoutes(app, {
    upstream,
    mode,
    records,
    forwardChange,
    limitBody,
    limitForwards,
  });

  installFallbacks(app, distDir, log);

  return app;
}
