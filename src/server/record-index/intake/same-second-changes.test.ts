import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { orderBody, productBody } from '../../../sandbox/testing/request-bodies';
import { parseWebhookFaults } from '../../../sandbox/webhooks/webhook-faults';
import { readServerConfig } from '../../config/config';
import { type RunningConsole, startConsole } from '../../start-console';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** A change as the console's own page sends it. */
async function change(console: RunningConsole, path: string, body: unknown = {}) {
  const response = await fetch(`${console.url}${path}`, {
    method: 'POST',
    headers: { origin: console.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()).data;
}

async function indexed(console: RunningConsole, reference: string) {
  const response = await fetch(`${console.url}/api/index/records/order/${reference}`);
  return (await response.json()).data as { source: string; document: { status: string } };
}

it('reads orders picked and shipped within one second as shipped within 5 s, through the sandbox’s webhooks', {
  timeout: budgets.demoConsole,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'same-second-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const console = await startConsole({
    config: readServerConfig({
      PORT: '0',
      CONSOLE_DB: join(dir, 'console.db'),
      WAREHOUSE_ORGANIZATION: 'north',
      // Webhooks and their read-back alone: a sync would repair what they got wrong.
      SYNC_INTERVAL: 'off',
    }),
    distDir: null,
    log: () => {},
    sandboxSettings: {
      dbFile: ':memory:',
      seed: 'none',
      autopilot: false,
      // Some changes are delivered before the API shows them, some twice.
      webhookFaults: parseWebhookFaults('early=0.3,duplicates=0.3,seed=same-second'),
    },
  });
  cleanup.push(() => console.close());
  await change(console, '/api/warehouse/v1/products', productBody('P-1'));
  const references = Array.from({ length: 12 }, (_, index) => `SO-SAME-${index}`);
  for (const reference of references)
    await change(console, '/api/warehouse/v1/orders', orderBody(reference, 'P-1'));

  // The warehouse's own work, as the autopilot does it: the console hears of it only by webhook.
  const warehouseAction = async (path: string) => {
    const response = await fetch(new URL(path, console.upstreamUrl), {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-multi-key', 'organization-slug': 'north' },
    });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const sameSecond = new Set<string>();
  await Promise.all(
    references.map(async (reference) => {
      const picked = await warehouseAction(`/sandbox/v1/orders/${reference}/pick`);
      const shipped = await warehouseAction(`/sandbox/v1/orders/${reference}/ship`);
      if (picked.dateLastUpdated === shipped.dateLastUpdated) sameSecond.add(reference);
    }),
  );
  // Most pairs share their second; those are the point.
  expect(sameSecond.size).toBeGreaterThanOrEqual(references.length / 2);

  const deadline = Date.now() + 5_000;
  const pending = new Set(references);
  while (pending.size > 0 && Date.now() < deadline) {
    for (const reference of pending)
      if ((await indexed(console, reference)).document.status === 'FIN') pending.delete(reference);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect([...pending], 'orders not yet read shipped after 5 s').toEqual([]);

  // The versions of one second were read back from the operator, a second after they arrived.
  await vi.waitFor(
    async () => {
      const status = (await (await fetch(`${console.url}/api/index/status`)).json()).data;
      expect(status.webhooks.rejected).toBe(0);
      expect(status.checks.readBack.reads).toBeGreaterThanOrEqual(sameSecond.size);
    },
    { timeout: 5_000, interval: 200 },
  );
  for (const reference of references)
    expect((await indexed(console, reference)).document.status, reference).toBe('FIN');
});
