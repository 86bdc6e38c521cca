import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { startSandbox } from '#sandbox/server';
import { chromiumLaunchOptions } from './support/chromium';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';

// An attacker's name that resolves to this machine, as DNS rebinding arranges.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP evil.test 127.0.0.1'],
  },
});

async function shipmentStatus(request: APIRequestContext, reference: string): Promise<string> {
  const answer = await request.get('/api/warehouse/v1/orders', { params: { PrimaryReference: reference } });
  return (await answer.json()).data.orders[0].shipments[0].status;
}

test('a page under another host name that resolves to 127.0.0.1 can neither read nor write', async ({
  page,
  request,
  openConsole,
}) => {
  const refused = await page.goto(`http://evil.test:${new URL(openConsole).port}/orders/SO-100003`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText('host_not_allowed')).toBeVisible();

  // Same origin as far as the browser knows: only the Host header tells the console it is not itself.
  const attempts = await page.evaluate(async () => {
    const read = await fetch('/api/warehouse/v1/orders?PrimaryReference=SO-100003');
    const config = await fetch('/api/config');
    const write = await fetch('/api/warehouse/v1/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ primaryReference: 'E2E-REBOUND' }),
    });
    const hold = await fetch('/api/sandbox/v1/orders/SO-100003/hold', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    return Promise.all(
      [read, config, write, hold].map(async (response) => ({
        status: response.status,
        body: await response.text(),
      })),
    );
  });
  for (const attempt of attempts) {
    expect(attempt.status).toBe(403);
    expect(JSON.parse(attempt.body).errors[0].code).toBe('host_not_allowed');
    expect(attempt.body).not.toMatch(/shipToAddress|warehouses|SO-100003/);
  }
  expect(await shipmentStatus(request, 'SO-100003')).toBe('ENT');
  const rebound = await request.get('/api/warehouse/v1/orders', {
    params: { PrimaryReference: 'E2E-REBOUND' },
  });
  expect((await rebound.json()).data.orders).toEqual([]);
});

test('cross-site form posts, beacons and no-cors fetches change nothing', async ({
  page,
  request,
  records,
  openConsole,
}) => {
  const targets = ['FORM', 'BEACON', 'NOCORS', 'JSONFETCH'].map((label) => `E2E-${label}-${uniqueSuffix()}`);
  await Promise.all(targets.map((reference) => records.order(reference)));
  const [formTarget, beaconTarget, fetchTarget, jsonFetchTarget] = targets;
  const action = (reference: string, move: string) =>
    `${openConsole}/api/sandbox/v1/orders/${reference}/${move}`;

  // The attacker's own site, on another port, reached as evil.test.
  const attackerPage = `<!doctype html><html><body>
    <form id="f" method="POST" action="${action(formTarget, 'cancel')}" enctype="text/plain">
      <input name='{"reason":"x","pad":"' value='"}'>
    </form>
    <script>
      navigator.sendBeacon(${JSON.stringify(action(beaconTarget, 'cancel'))}, '{}');
      fetch(${JSON.stringify(action(fetchTarget, 'hold'))}, { method: 'POST', mode: 'no-cors', body: '{}' });
      fetch(${JSON.stringify(action(jsonFetchTarget, 'hold'))}, {
        method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}',
      }).catch(() => {});
      setTimeout(() => document.getElementById('f').submit(), 300);
    </script></body></html>`;
  const attacker: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const { port } = attacker.address() as AddressInfo;

  const answers: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/sandbox/v1/'))
      answers.push({ url: response.url(), status: response.status() });
  });
  try {
    await page.goto(`http://evil.test:${port}/`);
    // The form's navigation lands on the console's refusal.
    await page.waitForURL(/\/api\/sandbox\/v1\//);
    await expect(page.getByText('cross_site_request')).toBeVisible();
  } finally {
    attacker.close();
  }

  // Each request reached the console and was refused (the JSON fetch never got past the browser's preflight).
  await expect.poll(() => answers.length).toBeGreaterThanOrEqual(3);
  for (const answer of answers) expect([403, 415], answer.url).toContain(answer.status);
  for (const reference of targets) {
    expect(await shipmentStatus(request, reference), reference).toBe('ENT');
  }
});

test('the sandbox, whose keys are published, lets a rebound page neither read nor write', async ({
  page,
}) => {
  const sandbox = await startSandbox({ port: 0, dbFile: ':memory:', seed: 'none', autopilot: false });
  const { port } = new URL(sandbox.url);
  try {
    const refused = await page.goto(`http://evil.test:${port}/warehouse/api-docs/reference`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText('host_not_allowed')).toBeVisible();

    // The page's own origin, as far as the browser knows, so the published key travels with it.
    const attempts = await page.evaluate(async (key) => {
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const read = await fetch('/warehouse/v1/products', { headers });
      const create = await fetch('/warehouse/v1/products', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          productCode: 'E2E-REBOUND',
          productDescription: 'Rebound',
          productUnit: 'UNT',
        }),
      });
      return Promise.all(
        [read, create].map(async (response) => ({ status: response.status, body: await response.text() })),
      );
    }, sandbox.config.apiKey);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(JSON.parse(attempt.body).errors[0].code).toBe('host_not_allowed');
    }
    const created = await fetch(`${sandbox.url}/warehouse/v1/products/actions/get-id/E2E-REBOUND`, {
      headers: { 'x-api-key': sandbox.config.apiKey },
    });
    expect(created.status).toBe(404);
  } finally {
    await sandbox.close();
  }
});
