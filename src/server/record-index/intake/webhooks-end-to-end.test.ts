import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server';
import { orderBody, productBody } from '../../../sandbox/testing/request-bodies';
import { closedPort } from '../../testing/echo-upstream';

const token = 'end-to-end-hook-token';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function sandboxCall(sandbox: RunningSandbox, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()).data };
}

/** The console as `npm start` runs it, against `sandbox` as its upstream, in a process of its own. */
async function startConsoleProcess(sandbox: RunningSandbox, port: number, consoleDb: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ENV_FILE: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      WAREHOUSE_BASE_URL: sandbox.url,
      WAREHOUSE_API_KEY: 'sandbox-key',
      WAREHOUSE_ORGANIZATION: '',
      CONSOLE_DB: consoleDb,
      WEBHOOK_TOKEN: token,
      // Webhooks alone: a sync would hide a lost delivery.
      SYNC_INTERVAL: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const started = Date.now();
  while (!output.includes('Warehouse Console:')) {
    if (child.exitCode !== null || Date.now() - started > 20_000)
      throw new Error(`console did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

async function indexStatus(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/index/status`);
  return (await response.json()).data;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the sandbox delivering to a running console', () => {
  it('indexes each change from its webhook, refuses a wrong token, and loses nothing across kill -9 in a burst', {
    timeout: budgets.childProcesses,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-webhooks-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await closedPort();
    const sandbox = await startSandbox({
      port: 0,
      dbFile: ':memory:',
      seed: 'none',
      autopilot: false,
      webhookUrl: new URL(`http://127.0.0.1:${port}/api/webhooks/warehouse?token=${token}`),
    });
    cleanup.push(sandbox.close);
    await sandboxCall(sandbox, 'POST', '/warehouse/v1/products', productBody('P-1'));

    let console = await startConsoleProcess(sandbox, port, join(dir, 'console.db'));
    cleanup.push(() => {
      console.kill('SIGKILL');
    });

    // One change, made at the warehouse (not through the console), reaches the index by webhook.
    await sandboxCall(sandbox, 'POST', '/warehouse/v1/orders', orderBody('SO-HOOK-1', 'P-1'));
    await sandboxCall(sandbox, 'POST', '/sandbox/v1/orders/SO-HOOK-1/pick', {});
    await waitFor(async () => {
      const search = await fetch(`http://127.0.0.1:${port}/api/search?q=SO-HOOK-1`);
      return (await search.json()).data.matches[0]?.state === 'picking';
    }, 15_000);

    const attempts: Record<string, string>[] = [{}, { 'x-webhook-token': 'not-the-token' }];
    for (const headers of attempts) {
      const refused = await fetch(`http://127.0.0.1:${port}/api/webhooks/warehouse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          ...orderBody('SO-FORGED', 'P-1'),
          id: 'x',
          status: 'PRS',
          dateLastUpdated: new Date().toISOString(),
        }),
      });
      expect(refused.status).toBe(401);
    }

    // A burst of creates; the console is killed in the middle and started again on the same database.
    const burst = Array.from({ length: 120 }, (_, index) => `SO-BURST-${index}`);
    const created = burst.map((reference) =>
      sandboxCall(sandbox, 'POST', '/warehouse/v1/orders', orderBody(reference, 'P-1')),
    );
    await waitFor(async () => ((await indexStatus(port)).webhooks.stored as number) >= 20, 15_000);
    console.kill('SIGKILL');
    await once(console, 'exit');
    expect((await Promise.all(created)).every((answer) => answer.status === 200)).toBe(true);
    console = await startConsoleProcess(sandbox, port, join(dir, 'console.db'));

    await waitFor(
      async () => ((await indexStatus(port)).records.order as number) === burst.length + 1,
      60_000,
    );
    const status = await indexStatus(port);
    expect(status.records).toEqual({ order: burst.length + 1 });
    expect(status.webhooks.rejected).toBe(0);
    const forged = await fetch(`http://127.0.0.1:${port}/api/search?q=SO-FORGED`);
    expect(
      (await forged.json()).data.matches.filter(
        (match: { primaryReference: string }) => match.primaryReference === 'SO-FORGED',
      ),
    ).toEqual([]);
  });
});
