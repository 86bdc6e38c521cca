import { expect, it } from 'vitest';
import { enteredOrder } from '../../sandbox/testing/test-documents';
import { createPostgresAttemptLimits } from '../store/postgres/postgres-attempt-limits';
import { testConsoleApp } from '../testing/test-console-app';
import { postgresPerTest } from '../testing/test-postgres-schema';

const token = 'hook-token-7f3a';

const postgres = postgresPerTest();

/** A console whose wrong webhook tokens are counted in the database at `url`, on a pool of its own. */
async function consoleOn(url: string) {
  const app = testConsoleApp({
    webhookToken: token,
    attemptLimits: createPostgresAttemptLimits(await postgres.open(url)),
  });
  return (deliveryToken: string) =>
    app.request('/api/webhooks/warehouse', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        'content-type': 'application/json',
        'x-webhook-token': deliveryToken,
      },
      body: JSON.stringify(enteredOrder()),
    });
}

it('counts wrong webhook tokens from an address across two consoles on one database', async () => {
  const url = await postgres.database();
  const consoles = [await consoleOn(url), await consoleOn(url)];
  const wrong = await Promise.all(
    Array.from({ length: 30 }, (_, i) => (consoles[i % 2] as (t: string) => Promise<Response>)('guess')),
  );
  const statuses = wrong.map((response) => response.status);
  expect(statuses.filter((status) => status === 401)).toHaveLength(20);
  expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  // The right token is taken on either, whatever the wrong ones from the same address.
  for (const deliver of consoles) expect((await deliver(token)).status).toBe(200);
});
