/**
 * Every benchmark of package.json runs in its short mode (`npm run <script> -- --short`: small data, few
 * runs, goals printed but not enforced), so one that no longer runs, or prints no figures, fails npm test.
 * What a short run must not do in any case (5xx, lost deliveries, misses) fails the script itself.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';

const ms = String.raw`[\d.]+ ms`;

/** Per script, the figures its short run must print. */
const expectedFigures: Record<string, RegExp[]> = {
  'bench:sandbox': [
    new RegExp(String.raw`GET order by reference +\d+ requests .* p99 ${ms} .* non-200: 0 `),
    new RegExp(String.raw`POST order +\d+ requests .* p99 ${ms} .* non-200: 0 `),
  ],
  'bench:proxy': [new RegExp(`added by the server +p50 +-?${ms} +p99 +-?${ms}`)],
  'bench:hostile': [
    /mixed phase: \d+ requests\/s/,
    /sign-in, wrong password +5xx 0, not right 0/,
    /search, hostile query +5xx 0, not right 0/,
    /webhook, bad token +5xx 0, not right 0/,
    /webhook, unreadable body +5xx 0, not right 0/,
    /CSV export +5xx 0, not right 0/,
    /verdict: goal met/,
  ],
  'bench:index': [
    new RegExp(String.raw`search +p50 ${ms} +p95 ${ms} over [\d,]+ queries; .* misses 0 `),
    /index pages +stock list p50 .* p95 .*; product stock .*; customer page .*, [\d,]+ found;/,
    /webhook intake +[\d,]+ deliveries\/s, .* non-200 0;/,
    /the index had committed every delivery/,
    /first sync +1,000 orders in [\d.]+ s; goal/,
  ],
  'bench:index-postgres': [
    new RegExp(String.raw`search +p50 ${ms} +p95 ${ms} over [\d,]+ queries; .* misses 0 `),
    /index pages +stock list p50 .* p95 .*; product stock .*; customer page .*, [\d,]+ found;/,
    /webhook intake +[\d,]+ deliveries\/s, .* non-200 0;/,
    /the index had committed every delivery/,
    /first sync +1,000 orders in [\d.]+ s; goal/,
  ],
  'bench:import': [
    /dry run +[\d,]+ rows in [\d.]+ s; goal <= 5 s: (met|NOT met)/,
    /create +[\d,]+ products in [\d.]+ s/,
    /dry run again +([\d,]+) of \1 rows already exist/,
  ],
  'bench:cluster': [
    /deliveries through the proxy: [\d,]+ in [\d.]+ s = [\d,]+\/s .* non-200: 0 /,
    /console 3 killed with SIGKILL half way/,
    /live stream on console 1: heard [\d,]+ changes committed through all three, missed 0, twice 0, in order yes/,
    /Last-Event-ID \d+ on console 2: replayed [\d,]+ changes, exactly those after it/,
    /is behind on 0; answered 200 and lost: 0/,
  ],
  'measure:bundle': [/total: [\d.]+ KiB, [\d.]+ KiB gzip \(goal at most \d+ KiB gzip: (met|NOT met)\)/],
  'bench:order-search': [
    'order reference submitted → order page rendered',
    'keystroke → first palette matches',
    'Enter on a highlighted match → order page rendered',
    'webhook → open order page updated',
  ].map((title) => new RegExp(String.raw`${title}, 3 runs against .*\n  p50 ${ms} +p95 ${ms}`)),
  'bench:live': [
    new RegExp(String.raw`webhook → open order page updated, 3 runs against .*\n  p50 ${ms} +p95 ${ms}`),
  ],
};

/** The environment less Vitest's own (NODE_ENV=test would change what vite build makes). */
const benchEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
  ),
);

/** Runs `npm run <script> -- --short` in its own process group, ended whole if it overruns. */
function runShort(script: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', '--short'], {
      env: benchEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\n(ended after ${timeoutMs / 1000} s)`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.concurrent('the benchmarks, in their short mode', () => {
  it('covers every bench:* and measure:* script of package.json', () => {
    const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts);
    const benchmarks = scripts.filter((name) => /^(bench|measure):/.test(name));
    expect(benchmarks.sort()).toEqual(Object.keys(expectedFigures).sort());
  });

  for (const [script, figures] of Object.entries(expectedFigures)) {
    it(`${script} runs and prints its figures`, { timeout: budgets.benchmarkShortRun }, async () => {
      // Ended a little before the budget, so that its output says where it was.
      const { code, output } = await runShort(script, budgets.benchmarkShortRun - 10_000);
      const tail = output.slice(-4_000);
      expect(code, `npm run ${script} -- --short exited with ${code}:\n${tail}`).toBe(0);
      for (const figure of figures) expect(output, `no ${figure} in:\n${tail}`).toMatch(figure);
    });
  }
});
