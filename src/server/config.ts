import { existsSync } from 'node:fs';
import { isLoopbackAddress } from '../http/request-guards';
import { trustedProxyList } from './client-address';

export type AttributeKey = { key: string; label: string };

/** Single sign-on through an OpenID Connect provider; the client secret stays on the server. */
export type SingleSignOnSettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The ID token claim holding a role name or a list of them. */
  rolesClaim: string;
  /** `<CONSOLE_PUBLIC_URL>/api/session/oidc/callback`, registered at the provider. */
  redirectUri: URL;
};

/**
 * The server's settings: where the warehouse service is and how to authenticate (secret: stays on the
 * server), and the operator's credentials packet the dashboard needs (not secret: goes to `/api/config`).
 */
export type ServerConfig = {
  port: number;
  host: string;
  /** null: start the embedded sandbox and talk to it. */
  upstreamBaseUrl: URL | null;
  /** In sandbox mode, null means "use the sandbox's own key". */
  apiKey: string | null;
  organization: string | null;
  upstreamTimeoutMs: number;
  /** Upstream answers larger than this are refused (502 upstream_too_large) instead of held in memory. */
  upstreamMaxBytes: number;
  warehouses: string[];
  attributeKeys: AttributeKey[];
  serialKey: string;
  rateGroups: string[];
  /** The ISO 4217 currency of order line prices: the interface sends amounts without one. */
  priceCurrency: string;
  /** The console's own database: accounts, sessions, activity, and the index. */
  consoleDb: string;
  /**
   * CONSOLE_DATABASE_URL: a PostgreSQL database (15 or later) that the consoles of a team share for
   * accounts, sessions, the activity log and sign-in and rate limits; null: all of it in CONSOLE_DB.
   */
  consoleDatabaseUrl: string | null;
  /** Where people reach the console when it is deployed (`https://console.example.com`). */
  publicUrl: URL | null;
  /** More host names the console answers to, beyond loopback names and the public URL's host. */
  allowedHosts: string[];
  /**
   * The reverse proxies in front of the console (addresses and CIDR ranges): only a request from one of
   * them has its client read from `X-Forwarded-For`.
   */
  trustedProxies: string[];
  sessionHours: number;
  /** null: only local accounts with passwords. */
  singleSignOn: SingleSignOnSettings | null;
  /**
   * How often the index syncs with the operator's listing; null: never (only webhooks, writes and lookups).
   */
  syncIntervalMs: number | null;
  /**
   * WEBHOOK_TOKEN: what the operator's webhooks must carry (header x-webhook-token or query parameter
   * token). null: in sandbox mode a random one for this run, otherwise no webhooks are taken.
   */
  webhookToken: string | null;
  /** LOG_FORMAT: `text`, one line per request as people read it, or `json`, one object a line for a collector. */
  logFormat: 'text' | 'json';
  /**
   * METRICS_TOKEN: the bearer token `GET /metrics` takes from other machines; null: only this machine
   * (loopback) reads the metrics.
   */
  metricsToken: string | null;
};

function trimmed(value: string | undefined): string | undefined {
  const result = value?.trim();
  return result === '' ? undefined : result;
}

function list(value: string | undefined, fallback: string[]): string[] {
  const raw = trimmed(value);
  if (raw === undefined) return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function integer(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = trimmed(value);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return parsed;
}

/**
 * `SN:Serial number,LOT:Lot` → [{ key: 'SN', label: 'Serial number' }, ...]; a key without a label is its own
 * label.
 */
export function parseAttributeKeys(value: string | undefined): AttributeKey[] {
  return list(value, ['SN:Serial number', 'LOT:Lot', 'EXP:Expiry date']).map((item) => {
    const colon = item.indexOf(':');
    const key = (colon === -1 ? item : item.slice(0, colon)).trim();
    const label = colon === -1 ? '' : item.slice(colon + 1).trim();
    if (key === '') throw new Error(`WAREHOUSE_ATTRIBUTE_KEYS has an entry without a key: "${item}"`);
    return { key, label: label || key };
  });
}

/** `300`, `300s`, `5m` or `1h` (seconds when no unit is given), or `off`; at least 10 s, at most a day. */
function interval(name: string, value: string | undefined, fallbackMs: number): number | null {
  const raw = trimmed(value)?.toLowerCase();
  if (raw === undefined) return fallbackMs;
  if (raw === 'off') return null;
  const match = /^(\d+)\s*(s|m|h)?$/.exec(raw);
  const ms = match
    ? Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h']
    : Number.NaN;
  if (!(ms >= 10_000 && ms <= 86_400_000)) {
    throw new Error(
      `${name} must be a duration from 10s to 24h such as 300, 90s, 5m or 1h, or off, not "${raw}"`,
    );
  }
  return ms;
}

/** `raw` as a URL, or the error `failure` says. */
function urlOf(raw: string, failure: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new Error(failure);
  }
}

/** A plain http(s) base address (no credentials, query or fragment) from `name`, or null when unset. */
function baseUrl(name: string, value: string | undefined, example: string): URL | null {
  const raw = trimmed(value);
  if (raw === undefined) return null;
  const url = urlOf(raw, `${name} must be an http(s) address such as ${example}, not "${raw}"`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, not "${url.protocol}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`${name} must be a plain base address, without credentials, query or fragment`);
  }
  return url;
}

function trustedProxies(value: string | undefined): string[] {
  const entries = list(value, []);
  trustedProxyList(entries); // throws naming a bad entry
  return entries;
}

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together turn single sign-on on; the provider sends
 * people back to an address under CONSOLE_PUBLIC_URL, so that is required too.
 */
function readSingleSignOn(env: NodeJS.ProcessEnv, publicUrl: URL | null): SingleSignOnSettings | null {
  const settings = {
    OIDC_ISSUER: trimmed(env.OIDC_ISSUER),
    OIDC_CLIENT_ID: trimmed(env.OIDC_CLIENT_ID),
    OIDC_CLIENT_SECRET: trimmed(env.OIDC_CLIENT_SECRET),
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new Error(
      `Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; ${missing.join(' and ')} missing`,
    );
  }
  const issuer = baseUrl('OIDC_ISSUER', settings.OIDC_ISSUER, 'https://login.example.com') as URL;
  if (issuer.protocol !== 'https:' && !isLoopbackAddress(issuer.hostname)) {
    throw new Error('OIDC_ISSUER must be an https address (plain http only for a provider on this machine)');
  }
  if (publicUrl === null) {
    throw new Error(
      'CONSOLE_PUBLIC_URL is required with single sign-on: the provider sends people back to <CONSOLE_PUBLIC_URL>/api/session/oidc/callback',
    );
  }
  return {
    issuer,
    clientId: settings.OIDC_CLIENT_ID as string,
    clientSecret: settings.OIDC_CLIENT_SECRET as string,
    rolesClaim: trimmed(env.OIDC_ROLES_CLAIM) ?? 'roles',
    redirectUri: new URL(`${publicUrl.href.replace(/\/+$/, '')}/api/session/oidc/callback`),
  };
}

function logFormat(value: string | undefined): 'text' | 'json' {
  const raw = trimmed(value)?.toLowerCase() ?? 'text';
  if (raw !== 'text' && raw !== 'json') throw new Error(`LOG_FORMAT must be text or json, not "${raw}"`);
  return raw;
}

/** Nobody scrapes often enough to guess a token this long, so /metrics needs no limit on wrong ones. */
/** A postgres:// address; the error never repeats it, since it may hold a password. */
function postgresUrl(value: string | undefined): string | null {
  const raw = trimmed(value);
  if (raw === undefined) return null;
  const url = urlOf(
    raw,
    'CONSOLE_DATABASE_URL must be an address such as postgres://console:password@db.example.com:5432/console',
  );
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(
      `CONSOLE_DATABASE_URL must start with postgres:// or postgresql://, not "${url.protocol}//"`,
    );
  }
  return raw;
}

function metricsToken(value: string | undefined): string | null {
  const raw = trimmed(value);
  if (raw === undefined) return null;
  if (raw.length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters (for example `openssl rand -hex 32`)');
  }
  return raw;
}

/**
 * Reads the settings from the environment. Defaults match the embedded sandbox, so an empty environment
 * gives a working console against demo data.
 */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const upstreamBaseUrl = baseUrl(
    'WAREHOUSE_BASE_URL',
    env.WAREHOUSE_BASE_URL,
    'https://warehouse.example.com',
  );
  const apiKey = trimmed(env.WAREHOUSE_API_KEY) ?? null;
  if (upstreamBaseUrl && apiKey === null) {
    throw new Error('WAREHOUSE_API_KEY is required when WAREHOUSE_BASE_URL is set (the operator issues it)');
  }
  const attributeKeys = parseAttributeKeys(env.WAREHOUSE_ATTRIBUTE_KEYS);
  const serialKey = trimmed(env.WAREHOUSE_SERIAL_KEY) ?? 'SN';
  if (!attributeKeys.some((attribute) => attribute.key === serialKey)) {
    throw new Error(`WAREHOUSE_SERIAL_KEY ${serialKey} must be one of the keys in WAREHOUSE_ATTRIBUTE_KEYS`);
  }
  const priceCurrency = (trimmed(env.WAREHOUSE_PRICE_CURRENCY) ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(priceCurrency)) {
    throw new Error(
      `WAREHOUSE_PRICE_CURRENCY must be a three-letter ISO 4217 code such as USD, not "${priceCurrency}"`,
    );
  }
  const publicUrl = baseUrl('CONSOLE_PUBLIC_URL', env.CONSOLE_PUBLIC_URL, 'https://console.example.com');
  return {
    port: integer('PORT', env.PORT, 3000, 0, 65535),
    host: trimmed(env.HOST) ?? '127.0.0.1',
    upstreamBaseUrl,
    apiKey,
    organization: trimmed(env.WAREHOUSE_ORGANIZATION) ?? null,
    upstreamTimeoutMs: integer('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 15_000, 1, 600_000),
    upstreamMaxBytes: integer(
      'UPSTREAM_MAX_BYTES',
      env.UPSTREAM_MAX_BYTES,
      32 * 1024 * 1024,
      1024,
      1024 ** 3,
    ),
    warehouses: list(env.WAREHOUSE_CODES, ['LAW', 'NJE', 'DFW']),
    attributeKeys,
    serialKey,
    rateGroups: list(env.WAREHOUSE_RATE_GROUPS, ['ECONOMY', 'STANDARD', 'EXPEDITED']),
    priceCurrency,
    consoleDb: trimmed(env.CONSOLE_DB) ?? '.data/console.db',
    consoleDatabaseUrl: postgresUrl(env.CONSOLE_DATABASE_URL),
    publicUrl,
    allowedHosts: list(env.CONSOLE_ALLOWED_HOSTS, []),
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
    sessionHours: integer('SESSION_HOURS', env.SESSION_HOURS, 12, 1, 24 * 90),
    syncIntervalMs: interval('SYNC_INTERVAL', env.SYNC_INTERVAL, 5 * 60_000),
    singleSignOn: readSingleSignOn(env, publicUrl),
    webhookToken: trimmed(env.WEBHOOK_TOKEN) ?? null,
    logFormat: logFormat(env.LOG_FORMAT),
    metricsToken: metricsToken(env.METRICS_TOKEN),
  };
}

/**
 * What to say at start when people reach the console over plain HTTP from other machines: it listens
 * beyond loopback and no https CONSOLE_PUBLIC_URL says a TLS proxy is in front. null when all is well.
 */
export function plainHttpWarning({
  host,
  publicUrl,
}: Pick<ServerConfig, 'host' | 'publicUrl'>): string | null {
  if (isLoopbackAddress(host) || publicUrl?.protocol === 'https:') return null;
  return [
    `Warning: HOST=${host} serves sign-in over plain HTTP to other machines, so passwords and session cookies cross the network readable.`,
    'The console does not terminate TLS: put an HTTPS reverse proxy in front of it and set CONSOLE_PUBLIC_URL=https://… (and TRUSTED_PROXIES to the proxy);',
    'the session cookie then becomes __Host- and Secure, which browsers send only over HTTPS.',
  ].join(' ');
}

/** Adds the variables of `file` (when it exists) to process.env; variables already set win. */
export function loadDotEnv(file: string): void {
  if (file !== '' && existsSync(file)) process.loadEnvFile(file);
}
