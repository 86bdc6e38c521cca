// `npm run bench:proxy [requests]`: the latency the server adds in front of the warehouse service. The
// sandbox runs in one process, the server (forwarding to it as to any upstream) in another, and this
// client alternates N sequential GETs of one product directly at the sandbox and through the server,
// then prints p50 and p99 of each and of the per-pair difference. Goal: at most 2 ms added at p50; missed,
// it fails the run. `--short`: 100 requests after 20 warm-up, goal not enforced.
import { type ChildProcess, spawn } from 'node:child_process';
import { benchArguments, goalVerdict, shortMode, sized } from './bench-support';

const requests = shortMode ? 100 : Number(benchArguments[0] ?? 2000);
const warmup = sized(200, 20);
const apiKey = 'bench-key';

/** Starts `script` with tsx and resolves with the first http:// address it prints after `marker`. */
function startProcess(script: string, env: Record<string, string>, marker: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let output = '';
    const pattern = new RegExp(`${marker}[^\\n]*?(http://[\\d.:]+)`);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const format = (value: number) => `${value.toFixed(3)} ms`.padStart(10);
  return `  ${label.padEnd(26)} p50 ${format(percentile(sorted, 50))}   p99 ${format(percentile(sorted, 99))}`;
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return elapsed;
}

const children: ChildProcess[] = [];
try {
  const sandbox = startProcess(
    'src/sandbox/main.ts',
    {
      SANDBOX_PORT: '0',
      SANDBOX_DB: ':memory:',
      SANDBOX_SEED: 'none',
      SANDBOX_AUTOPILOT: 'off',
      SANDBOX_API_KEY: apiKey,
    },
    'listening on',
  );
  children.push(sandbox.child);
  const sandboxUrl = await sandbox.url;
  const server = startProcess(
    'src/server/main.ts',
    {
      ENV_FILE: '',
      PORT: '0',
      WAREHOUSE_BASE_URL: sandboxUrl,
      WAREHOUSE_API_KEY: apiKey,
      WAREHOUSE_ORGANIZATION: '',
      // The index in memory: a run never writes into the one `npm start` keeps in .data/.
      CONSOLE_DB: ':memory:',
    },
    'Warehouse Console:',
  );
  children.push(server.child);
  const serverUrl = await server.url;

  const created = await fetch(`${sandboxUrl}/warehouse/v1/products`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      productCode: 'BENCH-1',
      productDescription: 'Benchmark product',
      productUnit: 'UNT',
    }),
  });
  const { id } = (await created.json()).data;
  const directUrl = `${sandboxUrl}/warehouse/v1/products/${id}`;
  const proxiedUrl = `${serverUrl}/api/warehouse/v1/products/${id}`;

  const direct: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    // Alternating keeps both series under the same conditions (JIT, GC, the other helpers' load).
    const directMs = await timedGet(directUrl, { 'x-api-key': apiKey });
    const proxiedMs = await timedGet(proxiedUrl, {});
    if (i < warmup) continue;
    direct.push(directMs);
    proxied.push(proxiedMs);
  }
  const added = proxied.map((ms, i) => ms - (direct[i] ?? 0));

  console.log(
    `GET /warehouse/v1/products/{id}: ${requests} sequential requests each way after ${warmup} warm-up, keep-alive`,
  );
  console.log(summary('direct to the sandbox', direct));
  console.log(summary('through the server', proxied));
  console.log(summary('added by the server', added));
  const addedP50 = percentile(
    [...added].sort((a, b) => a - b),
    50,
  );
  console.log(`  goal: at most 2 ms added at p50: ${goalVerdict(addedP50 <= 2)}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
