import { existsSync } from 'node:fs';
import type { z } from 'zod';
import { defaultGrants, type Grants } from '../../contract/access';
import { type Claimant, type CustomerNextStep, customerNextSteps } from '../../contract/console-config';
import { claimWindowDayLimits } from '../../domain/claim-window';
import {
  list,
  oneOf,
  readSettings,
  readWith,
  text,
  textOr,
  wholeNumber,
} from '../../http/environment-settings';
import { isLoopbackAddress } from '../../http/request-guards';
import { type AttributeKey, parseAttributeKeys } from './attribute-keys';
import { trustedProxyList } from './client-address';
import { baseUrl, interval, issuerUrl, metricsToken, postgresUrl, priceCurrency } from './config-values';
import { parseRoleGrants } from './role-grants';

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
  /** CLAIM_WINDOW_DAYS: how long after a receive is finalized the company may claim a shortage or excess. */
  claimWindowDays: number;
  /** CUSTOMER_NEXT_STEP and CUSTOMER_CONTACT: what the customer's message offers for what could not be sent. */
  customerNextStep: CustomerNextStep;
  /** CLAIMANT_NAME and CLAIMANT_CONTACT: who a claim packet says is claiming, and how to reach them. */
  claimant: Claimant;
  /** The console's own database: accounts, sessions, the audit log and the index. */
  consoleDb: string;
  /**
   * CONSOLE_DATABASE_URL: a PostgreSQL database (15 or later) that the consoles of a team share for
   * accounts, sessions, the audit log and sign-in and rate limits; null: all of it in CONSOLE_DB.
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
  /** ROLE_GRANTS over the grants by job (defaultGrants): which roles may do what. */
  grants: Grants;
};

const orNull = text.transform((value) => value ?? null);

/** Every variable the server reads, with its default. */
const serverVariables = {
  PORT: wholeNumber(3000, 0, 65535),
  HOST: textOr('127.0.0.1'),
  WAREHOUSE_BASE_URL: readWith(baseUrl('https://warehouse.example.com'), null),
  WAREHOUSE_API_KEY: orNull,
  WAREHOUSE_ORGANIZATION: orNull,
  UPSTREAM_TIMEOUT_MS: wholeNumber(15_000, 1, 600_000),
  UPSTREAM_MAX_BYTES: wholeNumber(32 * 1024 * 1024, 1024, 1024 ** 3),
  WAREHOUSE_CODES: list(['LAW', 'NJE', 'DFW']),
  WAREHOUSE_ATTRIBUTE_KEYS: readWith(parseAttributeKeys, parseAttributeKeys(undefined)),
  WAREHOUSE_SERIAL_KEY: textOr('SN'),
  WAREHOUSE_RATE_GROUPS: list(['ECONOMY', 'STANDARD', 'EXPEDITED']),
  WAREHOUSE_PRICE_CURRENCY: readWith(priceCurrency, 'USD'),
  CLAIM_WINDOW_DAYS: wholeNumber(
    claimWindowDayLimits.fallback,
    claimWindowDayLimits.min,
    claimWindowDayLimits.max,
  ),
  CUSTOMER_NEXT_STEP: oneOf(customerNextSteps, 'contact'),
  CUSTOMER_CONTACT: orNull,
  CLAIMANT_NAME: orNull,
  CLAIMANT_CONTACT: orNull,
  CONSOLE_DB: textOr('.data/console.db'),
  CONSOLE_DATABASE_URL: readWith(postgresUrl, null),
  CONSOLE_PUBLIC_URL: readWith(baseUrl('https://console.example.com'), null),
  CONSOLE_ALLOWED_HOSTS: list([]),
  // trustedProxyList throws naming a bad entry.
  TRUSTED_PROXIES: readWith((raw) => {
    const entries = list([]).parse(raw);
    trustedProxyList(entries);
    return entries;
  }, []),
  SESSION_HOURS: wholeNumber(12, 1, 24 * 90),
  SYNC_INTERVAL: readWith(interval, 5 * 60_000),
  OIDC_ISSUER: readWith(issuerUrl, null),
  OIDC_CLIENT_ID: orNull,
  OIDC_CLIENT_SECRET: orNull,
  OIDC_ROLES_CLAIM: textOr('roles'),
  WEBHOOK_TOKEN: orNull,
  LOG_FORMAT: oneOf(['text', 'json'], 'text'),
  METRICS_TOKEN: readWith(metricsToken, null),
  ROLE_GRANTS: readWith(parseRoleGrants, defaultGrants),
};
type ServerVariables = z.output<z.ZodObject<typeof serverVariables>>;

/** What does not fit together: sentences for people setting the console up. */
function serverRelations(settings: ServerVariables): string[] {
  const problems: string[] = [];
  if (settings.WAREHOUSE_BASE_URL && settings.WAREHOUSE_API_KEY === null) {
    problems.push('WAREHOUSE_API_KEY is required when WAREHOUSE_BASE_URL is set (the operator issues it)');
  }
  const serialKey = settings.WAREHOUSE_SERIAL_KEY;
  if (!settings.WAREHOUSE_ATTRIBUTE_KEYS.some((attribute) => attribute.key === serialKey)) {
    problems.push(`WAREHOUSE_SERIAL_KEY ${serialKey} must be one of the keys in WAREHOUSE_ATTRIBUTE_KEYS`);
  }
  // OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together turn single sign-on on; the provider sends
  // people back to an address under CONSOLE_PUBLIC_URL, so that is required too.
  const singleSignOn = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const missing = singleSignOn.filter((name) => settings[name] === null);
  if (missing.length > 0 && missing.length < 3) {
    problems.push(
      `Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; ${missing.join(' and ')} missing`,
    );
  }
  if (missing.length === 0 && settings.CONSOLE_PUBLIC_URL === null) {
    problems.push(
      'CONSOLE_PUBLIC_URL is required with single sign-on: the provider sends people back to <CONSOLE_PUBLIC_URL>/api/session/oidc/callback',
    );
  }
  return problems;
}

function singleSignOnOf(settings: ServerVariables): SingleSignOnSettings | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = settings;
  if (!issuer || !clientId || !clientSecret || !settings.CONSOLE_PUBLIC_URL) return null;
  return {
    issuer,
    clientId,
    clientSecret,
    rolesClaim: settings.OIDC_ROLES_CLAIM,
    redirectUri: new URL(`${settings.CONSOLE_PUBLIC_URL.href.replace(/\/+$/, '')}/api/session/oidc/callback`),
  };
}

/**
 * Reads the settings from the environment, reporting every bad variable at once. Defaults match the
 * embedded sandbox, so an empty environment gives a working console against demo data.
 */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const settings = readSettings(serverVariables, env, serverRelations);
  return {
    port: settings.PORT,
    host: settings.HOST,
    upstreamBaseUrl: settings.WAREHOUSE_BASE_URL,
    apiKey: settings.WAREHOUSE_API_KEY,
    organization: settings.WAREHOUSE_ORGANIZATION,
    upstreamTimeoutMs: settings.UPSTREAM_TIMEOUT_MS,
    upstreamMaxBytes: settings.UPSTREAM_MAX_BYTES,
    warehouses: settings.WAREHOUSE_CODES,
    attributeKeys: settings.WAREHOUSE_ATTRIBUTE_KEYS,
    serialKey: settings.WAREHOUSE_SERIAL_KEY,
    rateGroups: settings.WAREHOUSE_RATE_GROUPS,
    priceCurrency: settings.WAREHOUSE_PRICE_CURRENCY,
    claimWindowDays: settings.CLAIM_WINDOW_DAYS,
    customerNextStep: { step: settings.CUSTOMER_NEXT_STEP, contact: settings.CUSTOMER_CONTACT },
    claimant: { name: settings.CLAIMANT_NAME, contact: settings.CLAIMANT_CONTACT },
    consoleDb: settings.CONSOLE_DB,
    consoleDatabaseUrl: settings.CONSOLE_DATABASE_URL,
    publicUrl: settings.CONSOLE_PUBLIC_URL,
    allowedHosts: settings.CONSOLE_ALLOWED_HOSTS,
    trustedProxies: settings.TRUSTED_PROXIES,
    sessionHours: settings.SESSION_HOURS,
    syncIntervalMs: settings.SYNC_INTERVAL,
    singleSignOn: singleSignOnOf(settings),
    webhookToken: settings.WEBHOOK_TOKEN,
    logFormat: settings.LOG_FORMAT,
    metricsToken: settings.METRICS_TOKEN,
    grants: settings.ROLE_GRANTS,
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
