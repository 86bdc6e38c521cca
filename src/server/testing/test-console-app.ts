import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import type { SharedStores } from '../database/shared-stores';
import type { LiveEventLimits } from '../record-index/routes/live-events-route';
import type { RecordStore } from '../record-index/store/record-store-port';
import type { AttemptLimitStore } from '../store/attempt-limits';
import { type ConsoleDatabase, openConsoleDatabase } from '../store/sqlite/console-db';
import type { Upstream } from '../upstream/proxy';
import type { WarehouseReachTracker } from '../upstream/warehouse-reach';

export const testApiKey = 'test-api-key-3c1f';

/**
 * The upstream a test console talks to: `url` with `apiKey`, no organization, a short timeout. The key is
 * as long as a real one: a key of one letter would be redacted wherever that letter appears in an answer.
 */
export function testUpstream(url: string, apiKey = testApiKey, timeoutMs = 5000): Upstream {
  return { baseUrl: new URL(url), apiKey, organization: null, timeoutMs, maxAnswerBytes: 32 * 1024 * 1024 };
}

/**
 * The console's app over an in-memory console database for tests: no dashboard, an upstream that is not
 * reached unless the test gives one, and whatever index and webhook token the test needs.
 */
export function testConsoleApp({
  consoleDb = openConsoleDatabase(':memory:'),
  records,
  webhookToken = null,
  upstreamUrl = 'http://127.0.0.1:9',
  liveEvents,
  reach,
  organization = null,
  attemptLimits,
}: {
  consoleDb?: ConsoleDatabase;
  records?: RecordStore;
  webhookToken?: string | null;
  upstreamUrl?: string;
  liveEvents?: LiveEventLimits;
  reach?: WarehouseReachTracker;
  /** WAREHOUSE_ORGANIZATION; null: none. */
  organization?: string | null;
  /** Where wrong webhook tokens and sign-in guesses are counted; by default in this app. */
  attemptLimits?: AttemptLimitStore;
} = {}) {
  return createServerApp({
    config: readServerConfig({
      CONSOLE_DB: ':memory:',
      WAREHOUSE_ORGANIZATION: organization ?? undefined,
      // Who claims in a claim packet: a company sets it, and the packet's tests read it.
      CLAIMANT_NAME: 'Northwind Goods Ltd',
      CLAIMANT_CONTACT: 'claims@northwind.example',
    }),
    upstream: { ...testUpstream(upstreamUrl, testApiKey, 500), reach },
    mode: 'sandbox',
    distDir: null,
    consoleDb,
    records,
    webhookToken,
    liveEvents,
    attemptLimits,
    log: () => {},
  });
}

/**
 * The console over the warehouse service at `upstreamUrl` (key `k`), configured by `env` as by the
 * environment, over an in-memory console database unless the test gives one.
 */
export function upstreamConsoleApp({
  upstreamUrl,
  env = {},
  consoleDb = openConsoleDatabase(':memory:'),
  log = () => {},
  shared,
}: {
  upstreamUrl: string;
  env?: Record<string, string>;
  consoleDb?: ConsoleDatabase;
  log?: (line: string) => void;
  shared?: SharedStores;
}) {
  return createServerApp({
    config: readServerConfig({ WAREHOUSE_BASE_URL: upstreamUrl, WAREHOUSE_API_KEY: testApiKey, ...env }),
    upstream: testUpstream(upstreamUrl, testApiKey, 2000),
    mode: 'upstream',
    distDir: null,
    consoleDb,
    shared,
    log,
  });
}
