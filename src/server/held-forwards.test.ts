import { afterEach, describe, expect, it } from 'vitest';
import { defaultConnectionLimits } from '../sandbox/http-server';
import { createServerApp } from './app';
import { readServerConfig } from './config';
import { openConsoleDatabase } from './console-db';
import { defaultHeldForwardLimits, type HeldForwardLimits } from './held-forwards';
import { defaultLiveEventLimits } from './record-index/live-events-route';
import { startEchoUpstream } from './testing/echo-upstream';
import { pageRequests, problemOf } from './testing/page-requests';
import { testUpstream } from './testing/test-console-app';

const closeAfterTest: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closeAfterTest.splice(0).map((close) => close()));
});

/** A console over a service that never answers `never-answers`, each request given up after 300 ms. */
async function consoleHolding(heldForwards: HeldForwardLimits) {
  const upstream = await startEchoUpstream();
  closeAfterTest.push(upstream.close);
  const app = createServerApp({
    config: readServerConfig({ CONSOLE_DB: ':memory:' }),
    upstream: testUpstream(upstream.url, 'k', 300),
    mode: 'sandbox',
    distDir: null,
    consoleDb: openConsoleDatabase(':memory:'),
    heldForwards,
    log: () => {},
  });
  const send = pageRequests(app);
  const held = () => send('/api/warehouse/v1/products/never-answers');
  return { send, held };
}

describe('requests held waiting on the warehouse', () => {
  it('are capped per person with 429 and retry-after, while other requests are answered', async () => {
    const { send, held } = await consoleHolding({ maxWaiting: 10, maxWaitingPerPerson: 2 });
    const waiting = [held(), held()];
    const refused = await held();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await problemOf(refused)).toMatchObject({ code: 'rate_limited' });
    expect((await send('/api/config')).status).toBe(200);
    expect((await send('/api/index/status')).status).toBe(200);
    // Given up after the timeout: their places are free again.
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([504, 504]);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
  });

  it('are capped in all with 503 server_busy', async () => {
    const { send, held } = await consoleHolding({ maxWaiting: 2, maxWaitingPerPerson: 10 });
    const waiting = [held(), held()];
    const refused = await held();
    expect(refused.status).toBe(503);
    expect(await problemOf(refused)).toMatchObject({ code: 'server_busy' });
    expect((await send('/api/config')).status).toBe(200);
    await Promise.all(waiting);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
  });

  it('and live streams together hold at most an eighth of the connections the server takes, whatever it takes', () => {
    const held = defaultHeldForwardLimits.maxWaiting + defaultLiveEventLimits.maxStreams;
    expect(held).toBeLessThanOrEqual(defaultConnectionLimits.maxConnections / 8);
  });
});
