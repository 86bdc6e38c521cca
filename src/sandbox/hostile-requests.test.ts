import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { type RunningSandbox, startSandbox } from './server';
import { request } from './testing/hostile-request-arbitraries';
import { checkAnswer, seedBase } from './testing/hostile-request-endpoints';
import { createTestSandbox, databaseDigest, type TestSandbox } from './testing/test-harness';

/**
 * Property: whatever arrives (malformed or hostile bodies, headers, query strings, path segments) on
 * any endpoint, the answer is never a 5xx, always the envelope, and a rejected request writes nothing.
 */

describe('hostile requests to every endpoint', () => {
  let sandbox: TestSandbox;
  let knownIds: string[];

  beforeAll(async () => {
    sandbox = createTestSandbox();
    knownIds = await seedBase((method, path, body) => sandbox.call(method, path, { body }));
  });

  it('in process: never a 5xx, always the envelope, and nothing written by a rejected request', {
    timeout: budgets.propertyRuns,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(request(knownIds), async (sent) => {
        const before = databaseDigest(sandbox.store);
        const response = await sandbox.app.request(sent.path, {
          method: sent.method,
          headers: sent.headers,
          body: sent.body,
        });
        const text = await response.text();
        checkAnswer(sent, response.status, text);
        // A rejected request, and any read, leaves the database as it was.
        if (response.status !== 200 || sent.method === 'GET')
          expect(databaseDigest(sandbox.store)).toBe(before);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('hostile requests over HTTP', () => {
  let running: RunningSandbox;
  let knownIds: string[];

  beforeAll(async () => {
    running = await startSandbox({ port: 0, dbFile: ':memory:', seed: 'none', autopilot: false });
    knownIds = await seedBase(async (method, path, body) => {
      const response = await fetch(`${running.url}${path}`, {
        method,
        headers: { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { json: await response.json() };
    });
  });
  afterAll(() => running.close());

  it('on a listening server: never a 5xx and always the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(request(knownIds), async (sent) => {
        const response = await fetch(`${running.url}${sent.path}`, {
          method: sent.method,
          headers: sent.headers,
          body: sent.body,
        });
        checkAnswer(sent, response.status, await response.text());
      }),
      { numRuns: 300 },
    );
  });
});
