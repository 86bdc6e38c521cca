/**
 * Product import benchmark (not a test): a 5,000-row product CSV through the console's import routes, as
 * the import page sends it, against a console with its embedded sandbox (a child process, on loopback).
 *   1. Dry run: the whole file in one POST /api/imports/products/check. Goal: <= 5 s (issue 26); every row
 *      ready.
 *   2. Create: POST /api/imports/products/create 50 rows at a time, one batch after the other, as the
 *      page does. Every row must come back created.
 *   3. Dry run again: every row must now be "already exists".
 * The file is mapped to the contract's members by the page's own mapping (product-csv-mapping.ts), after
 * being read by the page's CSV reader (csv-file.ts).
 *
 *   npm run bench:import   (BENCH_IMPORT_ROWS overrides 5,000; --short: 100 rows, goal not enforced)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productImportLimits } from '#contract/product-import';
import { readCsvTable } from '#domain/csv-file';
import { csvLine } from '#domain/csv-line';
import { startConsoleProcess, stopProcess } from '../e2e/support/console-process';
import { guessColumnTarget, importedRows } from '../src/features/products/model/product-csv-mapping';
import { goalVerdict, mustHold, sized } from './bench-support';

const rows = Math.max(1, Number(process.env.BENCH_IMPORT_ROWS ?? sized(5_000, 100)) || 5_000);
const dryRunGoalSeconds = 5;

/** A launch's catalogue: code, description, price, size, weight and one custom field a row. */
function productCsv(count: number): string {
  const run = Date.now().toString(36).toUpperCase();
  const lines = [
    csvLine(['SKU', 'Description', 'Price', 'Height', 'Width', 'Depth', 'Weight', 'custom:season']),
  ];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      csvLine([
        `BI-${run}-${index}`,
        `Benchmark product ${index}, enamel`,
        (index % 90) + 0.99,
        index % 20,
        index % 15,
        index % 10,
        (index % 7) + 0.5,
        index % 2 ? 'summer' : 'winter',
      ]),
    );
  }
  return lines.join('');
}

/** Sends as the page does, and as a well-behaved client waits out a 503's Retry-After (a few times). */
async function post(base: string, path: string, body: unknown) {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 503 || !retryAfter || attempt === 5) break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  const answer = await response.json();
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

const seconds = (startedMs: number) => (performance.now() - startedMs) / 1000;

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-import-'));
  let consoleProcess: Awaited<ReturnType<typeof startConsoleProcess>> | undefined;
  try {
    consoleProcess = await startConsoleProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        ENV_FILE: '',
        WAREHOUSE_BASE_URL: '',
        WAREHOUSE_ORGANIZATION: '',
        CONSOLE_DB: join(directory, 'console.db'),
        SANDBOX_DB: join(directory, 'sandbox.db'),
        SANDBOX_PORT: '',
        SANDBOX_SEED: 'none',
        SANDBOX_AUTOPILOT: 'off',
      },
      directory,
    );
    const csv = productCsv(rows);
    const reading = readCsvTable(csv);
    if ('problem' in reading) throw new Error(`the benchmark file cannot be read: ${reading.problem}`);
    const { table } = reading;
    const imported = importedRows(
      table,
      table.headers.map((header) => guessColumnTarget(header)),
    );
    console.log(
      `product import: ${rows.toLocaleString('en-US')} rows, ${(csv.length / 1024).toFixed(0)} KiB of CSV`,
    );

    let started = performance.now();
    const dryRun = await post(consoleProcess.url, '/imports/products/check', { rows: imported });
    const dryRunSeconds = seconds(started);
    mustHold(
      dryRun.counts.ready === rows,
      `every row ready in the dry run (${JSON.stringify(dryRun.counts)})`,
    );
    console.log(
      `dry run              ${rows.toLocaleString('en-US')} rows in ${dryRunSeconds.toFixed(2)} s; goal <= ${dryRunGoalSeconds} s: ${goalVerdict(dryRunSeconds <= dryRunGoalSeconds)}`,
    );

    started = performance.now();
    let created = 0;
    for (let at = 0; at < imported.length; at += productImportLimits.createRows) {
      const answer = await post(consoleProcess.url, '/imports/products/create', {
        rows: imported.slice(at, at + productImportLimits.createRows),
      });
      created += answer.rows.filter((row: { outcome: string }) => row.outcome === 'created').length;
    }
    const createSeconds = seconds(started);
    mustHold(created === rows, `every row created (${created} of ${rows})`);
    console.log(
      `create               ${created.toLocaleString('en-US')} products in ${createSeconds.toFixed(2)} s (${Math.round(created / createSeconds)}/s, batches of ${productImportLimits.createRows})`,
    );

    started = performance.now();
    const again = await post(consoleProcess.url, '/imports/products/check', { rows: imported });
    const againSeconds = seconds(started);
    mustHold(again.counts.exists === rows, `every row already there (${JSON.stringify(again.counts)})`);
    console.log(
      `dry run again        ${again.counts.exists.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows already exist, in ${againSeconds.toFixed(2)} s`,
    );
  } finally {
    await stopProcess(consoleProcess?.child);
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
