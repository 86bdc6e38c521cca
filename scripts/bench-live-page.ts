// `npm run bench:live [runs]`: how long an open order page takes to show what the warehouse just did. Each
// run places an order, opens its page, has it picked, then ships it through the sandbox's operator action
// (which sends the console its webhook) and times from the ship request to the page showing the shipment's
// package, with no reload. On its own it builds the dashboard and starts the real server with the embedded
// sandbox (demo data) over a console database in a file, so the webhook intake runs in its own thread as
// in production; bench:order-search calls measureLivePage with a page and a server of its own.
// Goal: p95 at most 1 s; missed, it fails the run. `--short`: 3 runs after 1 warm-up, goal not enforced.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { type DemoProduct, demoProducts } from '#sandbox/warehouse/demo-catalog';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startConsoleProcess, stopProcess } from '../e2e/support/console-process';
import { demoConsoleEnv } from '../e2e/support/settings';
import { benchArguments, buildDashboard, goalVerdict, quantileOf, shortMode } from './bench-support';

export const livePageGoalMs = 1000;

const productCode = (demoProducts.find((product) => product.kind === 'plain') as DemoProduct).productCode;

/** Webhook to open order page updated, `runs` times after `warmup` uncounted ones: the samples and p50/p95. */
export async function measureLivePage(
  page: Page,
  baseUrl: string,
  { runs = 40, warmup = 3 }: { runs?: number; warmup?: number } = {},
): Promise<{ samples: number[]; p50: number; p95: number; max: number }> {
  // As the page does, a 503 is asked again after its Retry-After (a console pressed by the machine's other
  // work sheds for a moment); the samples time the live update, not the order's creation.
  const call = async (path: string, data?: unknown) => {
    for (let attempt = 1; ; attempt++) {
      const response = await page.request.post(`${baseUrl}${path}`, {
        data,
        headers: { origin: baseUrl, 'content-type': 'application/json' },
      });
      if (response.ok()) return;
      const retryAfter = Number(response.headers()['retry-after']);
      if (response.status() !== 503 || !(retryAfter > 0) || attempt === 4)
        throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
      await new Promise((resume) => setTimeout(resume, retryAfter * 1000));
    }
  };
  const suffix = Date.now().toString(36).toUpperCase();
  const samples: number[] = [];
  for (let run = 0; run < warmup + runs; run++) {
    const reference = `LIVE-BENCH-${suffix}-${run}`;
    const packageReference = `LIVE-PKG-${suffix}-${run}`;
    await call('/api/warehouse/v1/orders', {
      warehouseCode: 'LAW',
      primaryReference: reference,
      shipToAddress: {
        address: { addressLine1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' },
      },
      orderLines: [{ productCode, quantity: 1 }],
    });
    const following = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await page.goto(`${baseUrl}/orders/${reference}`);
    await following;
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await call(`/api/sandbox/v1/orders/${reference}/pick`);
    // The pick's own update lands first, so the ship is timed alone.
    await page.getByText('Updated just now').waitFor({ timeout: 5000 });
    const started = performance.now();
    await call(`/api/sandbox/v1/orders/${reference}/ship`, {
      shipmentLines: [{ lineNumber: '1', quantity: 1 }],
      packages: [{ packageReference }],
    });
    await page.waitForFunction((wanted) => document.body.textContent?.includes(wanted), packageReference, {
      polling: 'raf',
      timeout: 10_000,
    });
    if (run >= warmup) samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples,
    p50: quantileOf(sorted, 0.5),
    p95: quantileOf(sorted, 0.95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function main() {
  const runs = shortMode ? 3 : Math.max(20, Number(benchArguments[0] ?? 40));
  const directory = mkdtempSync(join(tmpdir(), 'bench-live-'));
  buildDashboard(directory);
  const { child: server, url: baseUrl } = await startConsoleProcess(
    { ...demoConsoleEnv, PORT: '0', CONSOLE_DB: join(directory, 'console.db') },
    directory,
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const { p50, p95, max, samples } = await measureLivePage(await browser.newPage(), baseUrl, {
      runs,
      warmup: shortMode ? 1 : 3,
    });
    const format = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`webhook → open order page updated, ${samples.length} runs against ${baseUrl}`);
    console.log(`  p50 ${format(p50)}   p95 ${format(p95)}   max ${format(max)}`);
    console.log(`  goal p95 ≤ ${livePageGoalMs} ms: ${goalVerdict(p95 <= livePageGoalMs)}`);
  } finally {
    await browser.close();
    await stopProcess(server);
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
