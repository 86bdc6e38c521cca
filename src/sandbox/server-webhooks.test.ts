import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxConfig } from './config';
import { type RunningSandbox, startSandbox } from './server';
import { orderBody, productBody, receiveBody } from './testing/request-bodies';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function sandboxWith(settings: Partial<SandboxConfig>): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    port: 0,
    dbFile: ':memory:',
    seed: 'none',
    autopilot: false,
    ...settings,
  });
  cleanup.unshift(sandbox.close);
  return sandbox;
}

async function receiver(...args: Parameters<typeof startTestReceiver>): Promise<TestReceiver> {
  const started = await startTestReceiver(...args);
  cleanup.push(started.close);
  return started;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely; their assertions check the shapes.
async function send(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'x-api-key': sandbox.config.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer.errors)).toBe(200);
  return answer.data;
}

const deliveries = async (sandbox: RunningSandbox) =>
  (await send(sandbox, 'GET', '/sandbox/v1/webhooks/deliveries')).deliveries as { state: string }[];

describe('the sandbox delivers webhooks', () => {
  it('posts every change of an order or receive to SANDBOX_WEBHOOK_URL, the document as the body, with the headers', async () => {
    const to = await receiver();
    const sandbox = await sandboxWith({
      webhookUrl: new URL(`${to.url}/api/webhooks/warehouse?token=secret-1`),
      webhookHeaders: { 'x-webhook-token': 'secret-2', 'X-Team': 'ops' },
    });
    await send(sandbox, 'POST', '/warehouse/v1/products', productBody('NET-1'));
    const answers = [
      await send(sandbox, 'POST', '/warehouse/v1/orders', orderBody('SO-NET', 'NET-1')),
      await send(sandbox, 'POST', '/sandbox/v1/orders/SO-NET/pick'),
      await send(sandbox, 'POST', '/warehouse/v1/receives', receiveBody('PO-NET', 'NET-1')),
      await send(sandbox, 'POST', '/sandbox/v1/receives/PO-NET/receive'),
    ];
    await to.waitFor(4);
    // Deliveries may overtake each other: one per change, in any order.
    expect(to.received).toHaveLength(4);
    for (const answer of answers) {
      expect(to.received.map((delivery) => delivery.body)).toContainEqual(answer);
    }
    for (const delivery of to.received) {
      expect(delivery.target).toBe('/api/webhooks/warehouse?token=secret-1');
      expect(delivery.headers).toMatchObject({
        'content-type': 'application/json',
        'x-webhook-token': 'secret-2',
        'x-team': 'ops',
        // The body names no organization: the packet does (the single-organization key's).
        'organization-slug': 'default',
      });
      // The document itself, not the envelope.
      expect(delivery.body).not.toHaveProperty('data');
    }
    const [latestOrder] = (await send(sandbox, 'GET', '/warehouse/v1/orders?PrimaryReference=SO-NET')).orders;
    expect(to.received.map((delivery) => delivery.body)).toContainEqual(latestOrder);
  });

  it('leaves out the demo seed, and records from the start when the destination comes later', async () => {
    const sandbox = await sandboxWith({ seed: 'demo', awaitWebhookDestination: true });
    expect(await deliveries(sandbox)).toEqual([]);
    const [product] = (await send(sandbox, 'GET', '/warehouse/v1/products?limit=1')).products;
    const order = await send(
      sandbox,
      'POST',
      '/warehouse/v1/orders',
      orderBody('SO-SEEDED', product.productCode),
    );
    expect((await deliveries(sandbox)).map((delivery) => delivery.state)).toEqual(['pending']);

    const to = await receiver();
    sandbox.deliverWebhooksTo({ url: `${to.url}/hooks`, headers: { 'x-webhook-token': 'later' } });
    await to.waitFor(1);
    expect(to.received.map((delivery) => delivery.body)).toEqual([order]);
    expect(to.received[0]?.headers['x-webhook-token']).toBe('later');
  });

  it('keeps its outbox across a close and reopen: pending and in-flight deliveries go after the restart', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'sandbox-outbox-'));
    cleanup.push(() => rm(directory, { recursive: true, force: true }));
    const dbFile = join(directory, 'sandbox.db');

    const hanging = await receiver(() => 'hang');
    const first = await startSandbox({
      port: 0,
      dbFile,
      seed: 'none',
      autopilot: false,
      webhookUrl: new URL(`${hanging.url}/hooks`),
    });
    await send(first, 'POST', '/warehouse/v1/products', productBody('KEEP-1'));
    const created = await send(first, 'POST', '/warehouse/v1/orders', orderBody('SO-KEEP', 'KEEP-1'));
    const picked = await send(first, 'POST', '/sandbox/v1/orders/SO-KEEP/pick');
    await hanging.waitFor(2);
    await first.close();

    const to = await receiver();
    const second = await sandboxWith({ dbFile, webhookUrl: new URL(`${to.url}/hooks`) });
    await to.waitFor(2);
    expect(to.received.map((delivery) => delivery.body)).toEqual(expect.arrayContaining([created, picked]));
    await expect
      .poll(async () => (await deliveries(second)).map((delivery) => delivery.state))
      .toEqual(['delivered', 'delivered']);
  });
});
