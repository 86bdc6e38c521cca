import {
  list,
  oneOf,
  onOff,
  readSettings,
  readWith,
  textOr,
  wholeNumber,
} from '../http/environment-settings';
import { parseWebhookHeaders, parseWebhookUrl } from './webhooks/webhook-destination';
import { parseWebhookFaults, type WebhookFaults } from './webhooks/webhook-faults';

/** The operator's credentials packet as the sandbox plays it; defaults come from decisions.md. */
export type SandboxConfig = {
  port: number;
  dbFile: string;
  apiKey: string;
  multiOrgApiKey: string;
  organizations: string[];
  warehouses: string[];
  attributeKeys: string[];
  serialKey: string;
  rateGroups: string[];
  seed: 'demo' | 'none';
  autopilot: boolean;
  /**
   * Where the demo week is seeded and the autopilot's customer orders: the single-organization key's
   * organization, or (for an embedded sandbox the console reaches with a multi-organization key) one of
   * `organizations`. Set by the code that embeds the sandbox, not by a variable of its own.
   */
  demoOrganization: string;
  /**
   * Where webhook deliveries go (SANDBOX_WEBHOOK_URL); null: nowhere, unless the embedding code says
   * (deliverWebhooksTo).
   */
  webhookUrl: URL | null;
  /** Sent with every delivery (SANDBOX_WEBHOOK_HEADERS). */
  webhookHeaders: Record<string, string>;
  /** Attempts before a delivery is failed (SANDBOX_WEBHOOK_MAX_ATTEMPTS). */
  webhookMaxAttempts: number;
  webhookFaults: WebhookFaults;
  /**
   * Record every change in the webhook outbox from the start though no webhookUrl is set: the destination
   * follows through deliverWebhooksTo (the console's address is known only once it listens). Set by the
   * code that embeds the sandbox, not by a variable of its own.
   */
  awaitWebhookDestination: boolean;
  /**
   * More host names to answer to (SANDBOX_ALLOWED_HOSTS: `name` for any port, `name:port` for one), for an
   * integrator serving the sandbox under another name; loopback names are always answered.
   */
  allowedHosts: string[];
};

/** The slug the single-organization key acts for. */
export const DEFAULT_ORGANIZATION = 'default';

/**
 * The headers that act for an organization: the single key for the default one, else the multi key and its
 * slug.
 */
export function credentialsFor(config: SandboxConfig, organization: string): Record<string, string> {
  return organization === DEFAULT_ORGANIZATION
    ? { 'x-api-key': config.apiKey }
    : { 'x-api-key': config.multiOrgApiKey, 'organization-slug': organization };
}

/** SANDBOX_PORT: 4010 when unset; 0 picks a free port. */
export function sandboxPort(value: string | undefined): number {
  const port = wholeNumber(4010, 0, 65535).safeParse(value);
  if (!port.success) {
    throw new Error(`SANDBOX_PORT must be a port number between 0 and 65535, not "${value}"`);
  }
  return port.data;
}

/** Every variable the sandbox reads, with its default (decisions.md). */
const sandboxVariables = {
  SANDBOX_PORT: readWith(sandboxPort, 4010),
  SANDBOX_DB: textOr('.data/sandbox.db'),
  SANDBOX_API_KEY: textOr('sandbox-key'),
  SANDBOX_MULTI_ORG_API_KEY: textOr('sandbox-multi-key'),
  SANDBOX_ORGANIZATIONS: list(['north', 'south']),
  SANDBOX_WAREHOUSES: list(['LAW', 'NJE', 'DFW']),
  SANDBOX_ATTRIBUTE_KEYS: list(['SN', 'LOT', 'EXP']),
  SANDBOX_SERIAL_KEY: textOr('SN'),
  SANDBOX_RATE_GROUPS: list(['ECONOMY', 'STANDARD', 'EXPEDITED']),
  SANDBOX_SEED: oneOf(['demo', 'none'], 'demo'),
  SANDBOX_AUTOPILOT: onOff(false),
  SANDBOX_WEBHOOK_URL: readWith((raw): URL | null => parseWebhookUrl('SANDBOX_WEBHOOK_URL', raw), null),
  SANDBOX_WEBHOOK_HEADERS: readWith(parseWebhookHeaders, parseWebhookHeaders(undefined)),
  SANDBOX_WEBHOOK_MAX_ATTEMPTS: wholeNumber(10, 1, 100),
  SANDBOX_WEBHOOK_FAULTS: readWith(parseWebhookFaults, parseWebhookFaults(undefined)),
  SANDBOX_ALLOWED_HOSTS: list([]),
};

/** Reads the sandbox's settings from the environment, reporting every bad variable at once. */
export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const settings = readSettings(sandboxVariables, env, (read) => [
    ...(read.SANDBOX_API_KEY === read.SANDBOX_MULTI_ORG_API_KEY
      ? ['SANDBOX_API_KEY and SANDBOX_MULTI_ORG_API_KEY must differ']
      : []),
    ...(read.SANDBOX_ATTRIBUTE_KEYS.includes(read.SANDBOX_SERIAL_KEY)
      ? []
      : [`SANDBOX_SERIAL_KEY ${read.SANDBOX_SERIAL_KEY} must be one of SANDBOX_ATTRIBUTE_KEYS`]),
  ]);
  return {
    port: settings.SANDBOX_PORT,
    dbFile: settings.SANDBOX_DB,
    apiKey: settings.SANDBOX_API_KEY,
    multiOrgApiKey: settings.SANDBOX_MULTI_ORG_API_KEY,
    organizations: settings.SANDBOX_ORGANIZATIONS,
    warehouses: settings.SANDBOX_WAREHOUSES,
    attributeKeys: settings.SANDBOX_ATTRIBUTE_KEYS,
    serialKey: settings.SANDBOX_SERIAL_KEY,
    rateGroups: settings.SANDBOX_RATE_GROUPS,
    seed: settings.SANDBOX_SEED,
    autopilot: settings.SANDBOX_AUTOPILOT,
    demoOrganization: DEFAULT_ORGANIZATION,
    webhookUrl: settings.SANDBOX_WEBHOOK_URL,
    webhookHeaders: settings.SANDBOX_WEBHOOK_HEADERS,
    webhookMaxAttempts: settings.SANDBOX_WEBHOOK_MAX_ATTEMPTS,
    webhookFaults: settings.SANDBOX_WEBHOOK_FAULTS,
    awaitWebhookDestination: false,
    allowedHosts: settings.SANDBOX_ALLOWED_HOSTS,
  };
}
