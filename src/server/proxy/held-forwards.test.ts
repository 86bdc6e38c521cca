import { afterEach, describe, expect, it } from 'vitest';
import { defaultConnectionLimits } from '../../http/http-server';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { defaultLiveEventLimits } from '../record-index/routes/live-events-route';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { startEchoUpstream } from '../testing/echo-upstream';
import { pageHost, pageOrigin, pageRequests, problemOf } from '../testing/page-requests';
import { testUpstream } from '../testing/test-console-app';
import { defaultHeldForwardLimits, type HeldForwardLimits } from './held-forwards';

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
    upstream: testUpstream(upstream.url, undefined, 300),
    mode: 'sandbox',
    distDir: null,
    consoleDb: openConsoleDatabase(':memory:'),
    heldForwards,
    log: () => {},
  });
  const send = pageRequests(app);
  const held = () => send('/api/warehouse/v1/products/never-answers');
  return { app, send, held };
}

/** Roomy caps, each test narrowing one; a request in line waits longer than the 300 ms a held one takes. */
const limits: HeldForwardLimits = {
  maxWaiting: 10,
  maxWaitingPerPerson: 10,
  maxQueuedPerPerson: 10,
  maxQueuedMs: 5_000,
};

describe('requests held waiting on the warehouse', () => {
  it("past a person's share wait in line and are answered once one of theirs is", async () => {
    const { send, held } = await consoleHolding({ ...limits, maxWaitingPerPerson: 2 });
    const waiting = [held(), held()];
    const burst = await Promise.all([1, 2, 3].map(() => send('/api/warehouse/v1/products/0f3a')));
    expect(burst.map((response) => response.status)).toEqual([200, 200, 200]);
    // Given up after the timeout: their places went to the line.
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([504, 504]);
  });

  it('are refused with 429 and retry-after past the line, while other requests are answered', async () => {
    const { send, held } = await consoleHolding({ ...limits, maxWaitingPerPerson: 2, maxQueuedPerPerson: 1 });
    const waiting = [held(), held()];
    const inLine = send('/api/warehouse/v1/products/0f3a');
    const refused = await held();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await problemOf(refused)).toMatchObject({ code: 'rate_limited' });
    expect((await send('/api/config')).status).toBe(200);
    expect((await send('/api/index/status')).status).toBe(200);
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([504, 504]);
    expect((await inLine).status).toBe(200);
  });

  it('are refused with 429 once they have waited in line too long', async () => {
    const { send, held } = await consoleHolding({ ...limits, maxWaitingPerPerson: 2, maxQueuedMs: 50 });
    const waiting = [held(), held()];
    const refused = await send('/api/warehouse/v1/products/0f3a');
    expect(refused.status).toBe(429);
    expect(await problemOf(refused)).toMatchObject({ code: 'rate_limited' });
    await Promise.all(waiting);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
  });

  it("count from a change's whole body on: a slow upload holds none of its person's places", async () => {
    const { app, send } = await consoleHolding({ ...limits, maxWaitingPerPerson: 1, maxQueuedMs: 50 });
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"productCode":'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('"SLOW-1"}'));
          controller.close();
        };
      },
    });
    const upload = app.request('/api/warehouse/v1/products', {
      method: 'POST',
      headers: { host: pageHost, origin: pageOrigin, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
    finish();
    expect((await upload).status).toBeLessThan(500);
  });

  it('are capped in all with 503 server_busy', async () => {
    const { send, held } = await consoleHolding({ ...limits, maxWaiting: 2 });
    const waiting = [held(), held()];
    const refused = await held();
    expect(refused.status).toBe(503);
    expect(await problemOf(refused)).toMatchObject({ code: 'server_busy' });
    expect((await send('/api/config')).status).toBe(200);
    await Promise.all(waiting);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
  });

  it('count the searches and record reads that ask the service, not the palette’s searches of the index', async () => {
    const { send } = await consoleHolding({ ...limits, maxWaiting: 2 });
    const waiting = [send('/api/search?q=never-answers-1'), send('/api/index/records/order/never-answers-2')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await send('/api/warehouse/v1/products/0f3a');
    expect(refused.status).toBe(503);
    expect((await send('/api/search?q=never-answers-3&lookup=false')).status).toBe(200);
    // Given up after the timeout: the search answers from the index, the read says the warehouse failed.
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 502]);
    expect((await send('/api/warehouse/v1/products/0f3a')).status).toBe(200);
  });

  it('and live streams together hold at most an eighth of the connections the server takes, whatever it takes', () => {
    const held = defaultHeldForwardLimits.maxWaiting + defaultLiveEventLimits.maxStreams;
    expect(held).toBeLessThanOrEqual(defaultConnectionLimits.maxConnections / 8);
  });
});
