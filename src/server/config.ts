import { existsSync } from 'node:fs';

export type AttributeKey = { key: string; label: string };

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

/** `SN:Serial number,LOT:Lot` → [{ key: 'SN', label: 'Serial number' }, ...]; a key without a label is its own label. */
export function parseAttributeKeys(value: string | undefined): AttributeKey[] {
  return list(value, ['SN:Serial number', 'LOT:Lot', 'EXP:Expiry date']).map((item) => {
    const colon = item.indexOf(':');
    const key = (colon === -1 ? item : item.slice(0, colon)).trim();
    const label = colon === -1 ? '' : item.slice(colon + 1).trim();
    if (key === '') throw new Error(`WAREHOUSE_ATTRIBUTE_KEYS has an entry without a key: "${item}"`);
    return { key, label: label || key };
  });
}

function upstreamUrl(value: string | undefined): URL | null {
  const raw = trimmed(value);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `WAREHOUSE_BASE_URL must be an http(s) address such as https://warehouse.example.com, not "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`WAREHOUSE_BASE_URL must start with http:// or https://, not "${url.protocol}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(
      'WAREHOUSE_BASE_URL must be a plain base address, without credentials, query or fragment',
    );
  }
  return url;
}

/**
 * Reads the settings from the environment. Defaults match the embedded sandbox, so an empty environment
 * gives a working console against demo data.
 */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const upstreamBaseUrl = upstreamUrl(env.WAREHOUSE_BASE_URL);
  const apiKey = trimmed(env.WAREHOUSE_API_KEY) ?? null;
  if (upstreamBaseUrl && apiKey === null) {
    throw new Error('WAREHOUSE_API_KEY is required when WAREHOUSE_BASE_URL is set (the operator issues it)');
  }
  const attributeKeys = parseAttributeKeys(env.WAREHOUSE_ATTRIBUTE_KEYS);
  const serialKey = trimmed(env.WAREHOUSE_SERIAL_KEY) ?? 'SN';
  if (!attributeKeys.some((attribute) => attribute.key === serialKey)) {
    throw new Error(`WAREHOUSE_SERIAL_KEY ${serialKey} must be one of the keys in WAREHOUSE_ATTRIBUTE_KEYS`);
  }
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
  };
}

/** Adds the variables of `file` (when it exists) to process.env; variables already set win. */
export function loadDotEnv(file: string): void {
  if (file !== '' && existsSync(file)) process.loadEnvFile(file);
}
