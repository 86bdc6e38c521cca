import { randomBytes } from 'node:crypto';
import type { AccessMode } from '../contract/access';
import { type SandboxConfig, sandboxPort } from '../sandbox/config';
import { type RunningSandbox, startSandbox } from '../sandbox/server';
import { accessModeOf } from './access/access';
import { createServerApp } from './app';
import type { ServerConfig } from './config/config';
import { type ConsoleStores, openConsoleStores, openTeamStores } from './console-stores';
import { createConsoleLog, type RequestLogEntry, requestLine, withoutKey } from './operations/console-log';
import { type ConsoleMetrics, createConsoleMetrics } from './operations/console-metrics';
import { listen } from './operations/listen';
import { createLoadMonitor } from './operations/load-shedding';
import type { WebhookIntake } from './record-index/intake/webhook-intake';
import { startIndexChecks } from './record-index/sync/index-checks';
import { createIndexSync } from './record-index/sync/index-sync';
import type { Upstream } from './upstream/proxy';
import { createWarehouseReach, type WarehouseReachTracker } from './upstream/warehouse-reach';

/** With no sync, the warehouse counts as not answering after this long without an answer. */
const quietWithoutSyncMs = 5 * 60_000;

export type RunningConsole = {
  url: string;
  mode: 'sandbox' | 'upstream';
  accessMode: AccessMode;
  /** Where the requests go: the operator's service or the embedded sandbox. */
  upstreamUrl: string;
  close(): Promise<void>;
};

/**
 * The console's defaults for the embedded sandbox: the autopilot moves shipments along unless
 * SANDBOX_AUTOPILOT says otherwise, and it listens on SANDBOX_PORT when that is set (a free port
 * otherwise); every other sandbox setting comes from its own variables.
 */
export function embeddedSandboxDefaults(env: NodeJS.ProcessEnv = process.env): Partial<SandboxConfig> {
  return {
    ...(env.SANDBOX_AUTOPILOT?.trim() ? {} : { autopilot: true }),
    ...(env.SANDBOX_PORT?.trim() ? { port: sandboxPort(env.SANDBOX_PORT) } : {}),
  };
}

/** The path of the console's webhook receiver. */
const WEBHOOK_PATH = '/api/webhooks/warehouse';

/** The console's own address as the embedded sandbox calls it: a wildcard listening address on loopback. */
function consoleOrigin(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === '0.0.0.0') parsed.hostname = '127.0.0.1';
  if (parsed.hostname === '[::]') parsed.hostname = '[::1]';
  return parsed.origin;
}

/**
 * Where the console forwards: the operator's service when `config.upstreamBaseUrl` is set; otherwise the
 * embedded sandbox, started here with the same packet and reached over HTTP like any upstream.
 */
async function startUpstream({
  config,
  sandboxSettings,
  reach,
  metrics,
  log,
}: {
  config: ServerConfig;
  sandboxSettings: Partial<SandboxConfig>;
  reach: WarehouseReachTracker;
  metrics: ConsoleMetrics;
  log: (line: string) => void;
}): Promise<{ upstream: Upstream; sandbox: RunningSandbox | undefined }> {
  if (config.upstreamBaseUrl !== null && config.apiKey !== null) {
    const upstream = {
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.apiKey,
      organization: config.organization,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxBytes,
      reach,
      timing: metrics.upstreamTiming,
    };
    return { upstream, sandbox: undefined };
  }
  const multiOrganization = config.organization !== null;
  const sandbox = await startSandbox(
    {
      ...sandboxSettings,
      port: sandboxSettings.port ?? 0,
      // Changes made before the console listens wait in the outbox for its address.
      awaitWebhookDestination: true,
      warehouses: config.warehouses,
      attributeKeys: config.attributeKeys.map((attribute) => attribute.key),
      serialKey: config.serialKey,
      rateGroups: config.rateGroups,
      // The demo week and the autopilot's customer go to the organization the console shows.
      ...(multiOrganization
        ? {
            organizations: [config.organization as string],
            demoOrganization: config.organization as string,
          }
        : {}),
      ...(config.apiKey === null
        ? {}
        : multiOrganization
          ? { multiOrgApiKey: config.apiKey }
          : { apiKey: config.apiKey }),
    },
    // Its own failures in the console's log: the same format, the key kept out.
    (line) => log(line),
  );
  const upstream = {
    baseUrl: new URL(sandbox.url),
    apiKey: multiOrganization ? sandbox.config.multiOrgApiKey : sandbox.config.apiKey,
    organization: config.organization,
    timeoutMs: config.upstreamTimeoutMs,
    maxAnswerBytes: config.upstreamMaxBytes,
    reach,
    timing: metrics.upstreamTiming,
  };
  return { upstream, sandbox };
}

/**
 * The console's stores and what keeps its index current: the checks against the operator, the webhook
 * intake and the sync (not started yet). When one of them fails to start, nothing is left open, the
 * sandbox (`closeSandbox`) included.
 */
async function openIndex({
  config,
  upstream,
  metrics,
  log,
  closeSandbox,
}: {
  config: ServerConfig;
  upstream: Upstream;
  metrics: ConsoleMetrics;
  log: (line: string) => void;
  closeSandbox: () => Promise<void>;
}) {
  const organization = config.organization ?? '';
  let stores: ConsoleStores;
  try {
    stores = config.consoleDatabaseUrl
      ? await openTeamStores(config.consoleDatabaseUrl, { organization })
      : openConsoleStores(config.consoleDb, organization);
  } catch (error) {
    await closeSandbox();
    throw error;
  }
  if (stores.leadership)
    log(
      `Index, accounts, sessions and the audit log: shared in PostgreSQL with the team's consoles; this console is ${stores.leadership.instanceId}`,
    );
  const { records } = stores;
  // Listening before the intake starts: what it stores from a journal left behind may need reading back.
  const checks = startIndexChecks({ store: records, upstream, log });
  let intake: WebhookIntake;
  try {
    intake = await stores.startIntake();
  } catch (error) {
    // Another console on the same database file.
    await checks.stop();
    await stores.close();
    await closeSandbox();
    throw error;
  }
  const sync =
    config.syncIntervalMs === null
      ? null
      : createIndexSync({
          store: records,
          upstream,
          intervalMs: config.syncIntervalMs,
          log,
          onRun: (run) => metrics.syncFinished(run.error !== null),
          leadership: stores.leadership ?? undefined,
        });
  return { stores, checks, intake, sync };
}

/**
 * Starts the server: with `config.upstreamBaseUrl` it forwards there; without, it first starts the
 * embedded sandbox (on a free port unless `sandboxSettings.port` says which) with the same packet
 * (warehouses, attribute keys, rate groups), forwards to it over HTTP like to any upstream, and once
 * listening points the sandbox's webhooks at itself (unless SANDBOX_WEBHOOK_URL sends them elsewhere).
 */
export async function startConsole({
  config,
  distDir,
  log: givenLog,
  requestLog: givenRequestLog,
  metrics = createConsoleMetrics({ processMetrics: true }),
  sandboxSettings = {},
}: {
  config: ServerConfig;
  distDir: string | null;
  /** The console's own lines; by default LOG_FORMAT's log on stdout. */
  log?: (line: string) => void;
  /** Each request's entry; by default LOG_FORMAT's log, or its text line through `log` when that is given. */
  requestLog?: (entry: RequestLogEntry) => void;
  metrics?: ConsoleMetrics;
  sandboxSettings?: Partial<SandboxConfig>;
}): Promise<RunningConsole> {
  const consoleLog = givenLog === undefined ? createConsoleLog({ format: config.logFormat }) : null;
  const writeLine = givenLog ?? (consoleLog as NonNullable<typeof consoleLog>).info;
  const requestLog =
    givenRequestLog ?? consoleLog?.request ?? ((entry: RequestLogEntry) => writeLine(requestLine(entry)));
  // The key as far as it is known: the operator's from the start, the sandbox's once it runs.
  let secret = config.apiKey;
  const log = (line: string) => writeLine(withoutKey(line, secret));
  const reach = createWarehouseReach({ quietMs: config.syncIntervalMs ?? quietWithoutSyncMs, log });
  const { upstream, sandbox } = await startUpstream({ config, sandboxSettings, reach, metrics, log });
  const closeSandbox = sandbox?.close ?? (async () => {});
  secret = upstream.apiKey;

  const mode = config.upstreamBaseUrl === null ? 'sandbox' : 'upstream';
  // The embedded sandbox needs a token to send; nobody else knows a random one.
  const webhookToken =
    config.webhookToken ?? (mode === 'sandbox' ? randomBytes(32).toString('base64url') : null);
  const { stores, checks, intake, sync } = await openIndex({ config, upstream, metrics, log, closeSandbox });
  const { records, shared } = stores;
  const load = createLoadMonitor();
  const app = createServerApp({
    config,
    upstream,
    mode,
    distDir,
    consoleDb: stores.consoleDb ?? undefined,
    records,
    intake,
    sync,
    checks,
    webhookToken,
    shared,
    log,
    requestLog,
    metrics,
    load,
  });
  const server = await listen(app.fetch, { port: config.port, host: config.host, log }).catch(
    async (error) => {
      load.close();
      await checks.stop();
      await stores.close();
      await closeSandbox();
      throw error;
    },
  );
  // Listening first: re-deriving a large index under new rules takes minutes.
  let closing = false;
  const maintenance = stores.maintain({ stopped: () => closing, log });
  const close = async () => {
    await server.close();
    closing = true;
    await maintenance;
    await sync?.stop();
    await checks.stop();
    await stores.close();
    await closeSandbox();
    load.close();
  };
  try {
    await sync?.start();
    // A console that takes the lead over from another syncs at once rather than at its next turn.
    stores.leadership?.onLead(() => void sync?.syncNow());
    if (sandbox && sandbox.config.webhookUrl === null && webhookToken !== null) {
      sandbox.deliverWebhooksTo({
        url: `${consoleOrigin(server.url)}${WEBHOOK_PATH}`,
        headers: { 'x-webhook-token': webhookToken },
      });
    }
    // Measured from here: starting (the demo seed, the first sync) is not load.
    load.restart();
    return {
      url: server.url,
      mode,
      accessMode: accessModeOf({
        accountCount: await shared.accounts.count(),
        host: config.host,
        singleSignOn: config.singleSignOn !== null,
      }),
      upstreamUrl: upstream.baseUrl.href,
      close,
    };
  } catch (error) {
    // The database stopped answering as the console started: nothing is left open.
    await close();
    throw error;
  }
}

/** One line a person can act on for a failure to start: a bad setting, a busy port, a database problem. */
export function describeStartFailure(error: unknown): string {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE')
    return `port ${port} is already in use: stop what runs there or set PORT to a free port.`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}: choose a PORT above 1023.`;
  return error instanceof Error ? error.message : String(error);
}
