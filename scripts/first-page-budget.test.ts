/**
 * The first page's JavaScript stays within its budget: the dashboard built as `npm run build` makes it (in a
 * child process, without Vitest's NODE_ENV), then the gzip sizes of what `/` loads before it shows summed
 * (scripts/first-page-javascript.ts: the entry, its static imports, the home route, index.html's
 * modulepreloads). The size is deterministic: a chunk that slips into the first page fails npm test.
 * In the `benchmarks` project (vite.config.ts), beside the other builds.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { firstPageGoalKiB, firstPageJavaScript, kib, totalGzip } from './first-page-javascript';

const buildEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
  ),
);

describe('the first page', () => {
  const folder = mkdtemp(join(tmpdir(), 'first-page-budget-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  it(`needs at most ${firstPageGoalKiB} KiB of JavaScript, gzip`, {
    timeout: budgets.dashboardBuild,
  }, async () => {
    const outDir = await folder;
    await promisify(execFile)(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'error',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--manifest',
      ],
      { env: buildEnv },
    );
    const { initial } = await firstPageJavaScript(outDir);
    const listed = [...initial]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((chunk) => `${chunk.file} ${kib(chunk.gzipBytes)}`)
      .join('\n');
    expect(initial.length, 'the build names no JavaScript for the first page').toBeGreaterThan(0);
    expect(totalGzip(initial), `the first page's JavaScript, gzip, by chunk:\n${listed}`).toBeLessThanOrEqual(
      firstPageGoalKiB * 1024,
    );
  });
});
