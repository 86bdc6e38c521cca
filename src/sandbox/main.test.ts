import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { orderBody, productBody } from './testing/request-bodies';

const started: ChildProcess[] = [];
const directories: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Runs `npm run sandbox`'s entry point as its own process and waits for the address it prints. */
async function runSandbox(
  dbFile: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DB: dbFile,
      SANDBOX_SEED: 'none',
      SANDBOX_AUTOPILOT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${output}`)), 15_000);
    child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function post(url: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function get(url: string, path: string) {
  const response = await fetch(`${url}${path}`, { headers: { 'x-api-key': 'sandbox-key' } });
  return { status: response.status, json: await response.json() };
}

describe('npm run sandbox (src/sandbox/main.ts)', () => {
  it('with bad settings names every one in a message without a stack, and exits 1', {
    timeout: budgets.childProcesses,
  }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
      env: { ...process.env, SANDBOX_PORT: 'eighty', SANDBOX_SEED: 'full', SANDBOX_DB: ':memory:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    expect(await exited(child)).toEqual({ code: 1, signal: null });
    expect(output.trim()).toBe(
      [
        'Warehouse sandbox could not start: 2 settings need fixing:',
        '  - SANDBOX_PORT must be a port number between 0 and 65535, not "eighty"',
        '  - SANDBOX_SEED must be demo or none, not "full"',
      ].join('\n'),
    );
  });

  it('prints its address, keys, organizations and warehouses, and closes cleanly on SIGTERM and SIGINT', {
    timeout: budgets.childProcesses,
  }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-main-'));
    directories.push(directory);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { child, output } = await runSandbox(join(directory, 'signal.db'));
      for (const text of [
        'sandbox-key',
        'sandbox-multi-key',
        'north',
        'south',
        'LAW, NJE, DFW',
        '/warehouse/api-docs',
      ]) {
        expect(output()).toContain(text);
      }
      const ended = exited(child);
      child.kill(signal);
      expect(await ended).toEqual({ code: 0, signal: null });
      expect(output()).toContain(`${signal}: closing the sandbox`);
    }
  });

  it('keeps committed data when the process is killed with SIGKILL and restarted', {
    timeout: budgets.childProcesses,
  }, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-kill-'));
    directories.push(directory);
    const dbFile = join(directory, 'nested', 'sandbox.db');

    const first = await runSandbox(dbFile);
    const product = await post(first.url, '/warehouse/v1/products', productBody('KEEP-1'));
    expect(product.status).toBe(200);
    const order = await post(first.url, '/warehouse/v1/orders', orderBody('SO-KEEP', 'KEEP-1'));
    expect(order.status).toBe(200);
    const killed = exited(first.child);
    first.child.kill('SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');

    const second = await runSandbox(dbFile);
    const readProduct = await get(second.url, `/warehouse/v1/products/${product.json.data.id}`);
    expect(readProduct.json.data).toEqual(product.json.data);
    const readOrder = await get(second.url, '/warehouse/v1/orders?PrimaryReference=SO-KEEP');
    expect(readOrder.json.data.orders).toEqual([order.json.data]);
    const again = await post(second.url, '/warehouse/v1/orders', orderBody('SO-KEEP', 'KEEP-1'));
    expect(again.status).toBe(409);
  });
});
