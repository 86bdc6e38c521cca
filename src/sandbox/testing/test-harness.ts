import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { createSandboxApp } from '../app';
import { readSandboxConfig, type SandboxConfig } from '../config';
import { createSandboxStore, openDatabase, type SandboxStore } from '../store';

/** Test support: a sandbox app on its own in-memory database, and request and assertion helpers. */
export type CallOptions = { body?: unknown; rawBody?: string; headers?: Record<string, string> };
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely; their assertions check the shapes.
export type Answer = { status: number; json: Record<string, any>; headers: Headers };

export const SINGLE_KEY = { 'x-api-key': 'sandbox-key' };
export const orgHeaders = (slug: string) => ({ 'x-api-key': 'sandbox-multi-key', 'organization-slug': slug });

export function testConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return { ...readSandboxConfig({}), dbFile: ':memory:', port: 0, seed: 'none', ...overrides };
}

export function createTestSandbox(
  options: { now?: () => Date; config?: Partial<SandboxConfig>; log?: (line: string) => void } = {},
) {
  const config = testConfig(options.config);
  const store: SandboxStore = createSandboxStore(openDatabase(':memory:'));
  const app = createSandboxApp({ store, config, now: options.now, log: options.log });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const hasBody = options.body !== undefined || options.rawBody !== undefined;
    const response = await app.request(path, {
      method,
      headers: {
        ...SINGLE_KEY,
        ...(hasBody && { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    return { status: response.status, json: await response.json(), headers: response.headers };
  }

  return { app, store, config, call };
}

export type TestSandbox = ReturnType<typeof createTestSandbox>;

/** A digest of every stored row and the connection's change counter: equal digests, nothing written. */
export function databaseDigest(store: SandboxStore): string {
  const hash = createHash('sha256');
  for (const table of ['products', 'orders', 'receives', 'stock_lots', 'webhook_outbox']) {
    for (const row of store.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()) {
      hash.update(JSON.stringify(row));
    }
  }
  hash.update(String(store.db.prepare('SELECT total_changes()').pluck().get()));
  return hash.digest('hex');
}

export function expectEnvelope(answer: Answer) {
  expect(answer.json).toEqual({
    data: expect.any(Object),
    id: expect.stringMatching(/^([0-9a-f]{32}|[0-9a-f-]{36})$/),
    resource: [],
    errors: expect.any(Array),
  });
}

export function expectSuccess(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.json.errors)).toBe(200);
  expectEnvelope(answer);
  expect(answer.json.errors).toEqual([]);
  return answer.json.data;
}

/** Asserts the status, the envelope and exactly these error items (code and source.pointer), in any order. */
export function expectErrors(answer: Answer, status: number, items: { code: string; pointer: string }[]) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expectEnvelope(answer);
  expect(answer.json.data).toEqual({});
  for (const error of answer.json.errors) {
    expect(error).toMatchObject({
      id: expect.any(String),
      status: String(status),
      title: expect.any(String),
      detail: expect.any(String),
    });
  }
  const got = answer.json.errors
    .map((error: { code: string; source?: { pointer: string } }) => `${error.code} ${error.source?.pointer}`)
    .sort();
  expect(got).toEqual(items.map((item) => `${item.code} ${item.pointer}`).sort());
}
