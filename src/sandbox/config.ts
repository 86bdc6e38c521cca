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

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** SANDBOX_PORT: 4010 when unset; 0 picks a free port. */
export function sandboxPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 4010;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`SANDBOX_PORT must be a port number between 0 and 65535, not "${value}"`);
  }
  return parsed;
}

function maxAttempts(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100) {
    throw new Error(`SANDBOX_WEBHOOK_MAX_ATTEMPTS must be a whole number from 1 to 100, not "${value}"`);
  }
  return parsed;
}

function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(normalized)) return true;
  if (['off', 'false', '0', 'no'].includes(normalized)) return false;
  throw new Error(`${name} must be on or off, not "${value}"`);
}

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const seed = env.SANDBOX_SEED?.trim() || 'demo';
  if (seed !== 'demo' && seed !== 'none') {
    throw new Error(`SANDBOX_SEED must be demo or none, not "${seed}"`);
  }
  const config: SandboxConfig = {
    port: sandboxPort(env.SANDBOX_PORT),
    dbFile: env.SANDBOX_DB?.trim() || '.data/sandbox.db',
    apiKey: env.SANDBOX_API_KEY?.trim() || 'sandbox-key',
    multiOrgApiKey: env.SANDBOX_MULTI_ORG_API_KEY?.trim() || 'sandbox-multi-key',
    organizations: list(env.SANDBOX_ORGANIZATIONS, ['north', 'south']),
    warehouses: list(env.SANDBOX_WAREHOUSES, ['LAW', 'NJE', 'DFW']),
    attributeKeys: list(env.SANDBOX_ATTRIBUTE_KEYS, ['SN', 'LOT', 'EXP']),
    serialKey: env.SANDBOX_SERIAL_KEY?.trim() || 'SN',
    rateGroups: list(env.SANDBOX_RATE_GROUPS, ['ECONOMY', 'STANDARD', 'EXPEDITED']),
    seed,
    autopilot: onOff('SANDBOX_AUTOPILOT', env.SANDBOX_AUTOPILOT, false),
    demoOrganization: DEFAULT_ORGANIZATION,
    webhookUrl: env.SANDBOX_WEBHOOK_URL?.trim()
      ? parseWebhookUrl('SANDBOX_WEBHOOK_URL', env.SANDBOX_WEBHOOK_URL)
      : null,
    webhookHeaders: parseWebhookHeaders(env.SANDBOX_WEBHOOK_HEADERS),
    webhookMaxAttempts: maxAttempts(env.SANDBOX_WEBHOOK_MAX_ATTEMPTS),
    webhookFaults: parseWebhookFaults(env.SANDBOX_WEBHOOK_FAULTS),
    awaitWebhookDestination: false,
    allowedHosts: list(env.SANDBOX_ALLOWED_HOSTS, []),
  };
  if (config.apiKey === config.multiOrgApiKey) {
    throw new Error('SANDBOX_API_KEY and SANDBOX_MULTI_ORG_API_KEY must differ');
  }
  if (!config.attributeKeys.includes(config.serialKey)) {
    throw new Error(`SANDBOX_SERIAL_KEY ${config.serialKey} must be one of SANDBOX_ATTRIBUTE_KEYS`);
  }
  return config;
}
