import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { HeavyLineState } from '../heavy-work/heavy-queue';
import type { LoadReading } from '../heavy-work/load-reading';

/** Who called the warehouse: a request forwarded for a browser, or the index's own reads (sync, checks). */
export type UpstreamCaller = 'forward' | 'read';

/**
 * How a call to the warehouse ended: the class of its status (`2xx` … `5xx`), or `timeout`, `unreachable`,
 * `too_large` (an answer over UPSTREAM_MAX_BYTES) or `invalid` (not the interface's JSON).
 */
export type UpstreamOutcome =
  | '1xx'
  | '2xx'
  | '3xx'
  | '4xx'
  | '5xx'
  | 'timeout'
  | 'unreachable'
  | 'too_large'
  | 'invalid';

export function statusClass(status: number): UpstreamOutcome {
  const hundreds = Math.floor(status / 100);
  return hundreds >= 1 && hundreds <= 5 ? (`${hundreds}xx` as UpstreamOutcome) : 'invalid';
}

/** Hears each call to the warehouse as it ends; `Upstream.timing` holds one. */
export type UpstreamTiming = (caller: UpstreamCaller, outcome: UpstreamOutcome, seconds: number) => void;

/**
 * The console's Prometheus metrics, in a registry of their own (a test's app does not share another's).
 * Every label takes values from a short fixed list (route patterns, not paths), so no client can make the
 * series grow. `processMetrics` adds prom-client's process and Node figures (CPU, memory, event loop
 * delay); the running console has them, tests leave them out (each set keeps a timer).
 */
export function createConsoleMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'console_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'console_upstream_request_duration_seconds',
    help: 'Calls to the warehouse service, from sending to the whole answer, by caller and outcome.',
    labelNames: ['caller', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'console_webhook_deliveries_total',
    help: 'Webhook deliveries by what the console answered: accepted, stored, duplicate, stale, rejected, unauthorized, rate_limited, too_large, off.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const syncRuns = new Counter({
    name: 'console_sync_runs_total',
    help: "Runs of the sync over the operator's listing, finished.",
    registers: [registry],
  });
  const syncFailures = new Counter({
    name: 'console_sync_failures_total',
    help: 'Runs of the sync that ended with an error (the warehouse did not answer, or answered wrongly).',
    registers: [registry],
  });

  const shedRequests = new Counter({
    name: 'console_requests_shed_total',
    help: 'Requests refused with 503 while the console was severely pressed (its event loop late or its memory high).',
    registers: [registry],
  });

  let indexLagSeconds: () => Promise<number | null> = async () => null;
  let liveStreams: () => number = () => 0;
  new Gauge({
    name: 'console_index_lag_seconds',
    help: 'Seconds since the newest change the index holds (as the sync page shows it); NaN while it holds none.',
    registers: [registry],
    async collect() {
      this.set((await indexLagSeconds()) ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'console_live_streams_open',
    help: 'Live event streams (/api/events) open now.',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });

  const loadSources = registerLoadMetrics(registry);

  return {
    registry,
    contentType: registry.contentType,
    /** The text a scrape reads. */
    text: () => registry.metrics(),
    requestAnswered(method: string, route: string, status: number): void {
      requests.inc({ method, route, status: String(status) });
    },
    upstreamTiming: ((caller, outcome, seconds) => {
      upstream.observe({ caller, outcome }, seconds);
    }) satisfies UpstreamTiming,
    webhookAnswered(outcome: string): void {
      webhooks.inc({ outcome });
    },
    syncFinished(failed: boolean): void {
      syncRuns.inc();
      if (failed) syncFailures.inc();
    },
    requestShed(): void {
      shedRequests.inc();
    },
    /** Where the gauges read their values at each scrape. */
    watch(sources: {
      indexLagSeconds?: () => Promise<number | null>;
      liveStreams?: () => number;
      heavyLines?: () => HeavyLineState[];
      load?: () => LoadReading;
    }): void {
      if (sources.indexLagSeconds) indexLagSeconds = sources.indexLagSeconds;
      if (sources.liveStreams) liveStreams = sources.liveStreams;
      if (sources.heavyLines) loadSources.heavyLines = sources.heavyLines;
      if (sources.load) loadSources.load = sources.load;
    },
  };
}

/**
 * The gauges of how pressed the console is and of its heavy work; answers where they read their values,
 * which `watch` sets.
 */
function registerLoadMetrics(registry: Registry) {
  const sources: { heavyLines: () => HeavyLineState[]; load: () => LoadReading | null } = {
    heavyLines: () => [],
    load: () => null,
  };
  new Gauge({
    name: 'console_event_loop_delay_seconds',
    help: "The event loop's longest delay in the load monitor's last sample (half a second).",
    registers: [registry],
    collect() {
      this.set((sources.load()?.delayMs ?? Number.NaN) / 1000);
    },
  });
  new Gauge({
    name: 'console_event_loop_utilization',
    help: "The share of the load monitor's last sample the event loop was busy (0 to 1).",
    registers: [registry],
    collect() {
      this.set(sources.load()?.busy ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'console_load_level',
    help: 'How pressed the console is: 0 calm, 1 heavy (new heavy work refused), 2 severe (most requests refused).',
    registers: [registry],
    collect() {
      const level = sources.load()?.level;
      this.set(level === undefined ? Number.NaN : ['calm', 'heavy', 'severe'].indexOf(level));
    },
  });
  new Gauge({
    name: 'console_heavy_work',
    help: 'Heavy work (packet, import, export, trace, password) running on the worker threads or waiting in its line.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const line of sources.heavyLines()) {
        this.set({ kind: line.kind, state: 'running' }, line.running);
        this.set({ kind: line.kind, state: 'waiting' }, line.waiting);
      }
    },
  });
  new Counter({
    name: 'console_heavy_work_refused_total',
    help: 'Heavy work refused with 503: its line was full (full), the person had theirs waiting (yours), or the console shed it under load (shed).',
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const line of sources.heavyLines())
        for (const [reason, times] of Object.entries(line.refused))
          this.inc({ kind: line.kind, reason }, times);
    },
  });
  return sources;
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;
