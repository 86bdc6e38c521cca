import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';

const key = 'KEY-must-never-leak-7f3a';

/** The console as `npm start` runs it, over an empty embedded sandbox in memory, with `env` on top. */
function startMain(env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ENV_FILE: '',
      PORT: '0',
      CONSOLE_DB: ':memory:',
      WAREHOUSE_BASE_URL: '',
      SANDBOX_DB: ':memory:',
      SANDBOX_SEED: 'none',
      SANDBOX_AUTOPILOT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `startMain`, collecting all it prints: `address` is what `addressPattern` finds in it, within 15 s. */
function startPrinting(env: Record<string, string>, addressPattern: RegExp) {
  const child = startMain(env);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = once(child, 'exit');
  const address = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${output}`)), 15_000);
    child.stdout.on('data', () => {
      const match = addressPattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, exited, address, output: () => output };
}

it('prints its address, serves the sandbox through the proxy, logs no key and stops cleanly on SIGTERM', {
  timeout: budgets.childProcesses,
}, async () => {
  const {
    child,
    exited,
    address: printed,
    output,
  } = startPrinting(
    { WAREHOUSE_ORGANIZATION: '', WAREHOUSE_API_KEY: key },
    /Warehouse Console: (http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    const address = await printed;

    const list = await fetch(`${address}/api/warehouse/v1/products?productcode=NONE`);
    expect(list.status).toBe(200);
    expect((await list.json()).data.products).toEqual([]);
    const config = await (await fetch(`${address}/api/config`)).json();
    expect(config.data.mode).toBe('sandbox');
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await exited;
  expect(code).toBe(0);
  expect(output()).toMatch(/GET \/api\/warehouse\/v1\/products 200 /);
  expect(output()).toContain('SIGTERM: stopping the Warehouse Console');
  expect(output()).not.toContain(key);
  expect(output()).not.toContain('plain HTTP');
});

it('warns at start when it serves sign-in over plain HTTP beyond this machine', {
  timeout: budgets.childProcesses,
}, async () => {
  const child = startMain({ HOST: '0.0.0.0' });
  const exited = once(child, 'exit');
  let errors = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no warning printed:\n${errors}`)), 15_000);
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
        if (errors.includes('__Host-')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    child.kill('SIGTERM');
  }
  await exited;
  expect(errors).toMatch(/Warning: HOST=0\.0\.0\.0 serves sign-in over plain HTTP/);
  expect(errors).toContain('does not terminate TLS');
});

it('refuses a bad setting with one line naming the variable and exit code 1', {
  timeout: budgets.childProcesses,
}, async () => {
  const child = startMain({ PORT: 'eighty' });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  expect(errors.trim()).toBe(
    'Warehouse Console could not start: PORT must be a whole number from 0 to 65535, not "eighty"',
  );
});

it('LOG_FORMAT=json: one JSON object a line with request ids, no key; /metrics on loopback counts the sync', {
  timeout: budgets.childProcesses,
}, async () => {
  const {
    child,
    exited,
    address: logged,
    output,
  } = startPrinting(
    { WAREHOUSE_ORGANIZATION: '', WAREHOUSE_API_KEY: key, LOG_FORMAT: 'json' },
    /"msg":"Warehouse Console: (http:\/\/127\.0\.0\.1:\d+)/,
  );
  try {
    const address = await logged;
    const health = await fetch(`${address}/healthz`, { headers: { 'x-request-id': 'probe-7' } });
    expect(health.headers.get('x-request-id')).toBe('probe-7');
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    await fetch(`${address}/api/warehouse/v1/products/${key}`);
    // The first sync runs at start, against the embedded sandbox; this machine reads the metrics.
    await expect
      .poll(async () => (await fetch(`${address}/metrics`)).text(), { timeout: 10_000 })
      .toMatch(/^console_sync_runs_total 1$/m);
    const metrics = await (await fetch(`${address}/metrics`)).text();
    expect(metrics).toMatch(
      /^console_upstream_request_duration_seconds_count\{caller="read",outcome="2xx"\} \d+$/m,
    );
    expect(metrics).toContain('process_cpu_seconds_total');
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await exited;
  expect(code).toBe(0);
  const lines = output().trimEnd().split('\n');
  const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(objects.find((object) => object.requestId === 'probe-7')).toMatchObject({
    level: 'info',
    method: 'GET',
    path: '/healthz',
    route: '/healthz',
    status: 200,
  });
  expect(objects.some((object) => object.msg === 'SIGTERM: stopping the Warehouse Console')).toBe(true);
  for (const object of objects.filter((object) => 'status' in object))
    expect(object.requestId).toEqual(expect.any(String));
  expect(output()).not.toContain(key);
  expect(output()).toContain('/api/warehouse/v1/products/[redacted]');
});
