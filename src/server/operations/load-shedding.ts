import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { Busy } from '../heavy-work/heavy-queue';
import { busyAnswer } from '../heavy-work/heavy-work';
import type { LoadLevel, LoadReading } from '../heavy-work/load-reading';
import type { ServerEnv } from '../server-env';
import { operationsPaths } from './operations-routes';

export type LoadThresholds = {
  heavyDelayMs: number;
  heavyBusy: number;
  heavyBusyDelayMs: number;
  severeDelayMs: number;
  severeBusy: number;
  heavyRssBytes: number;
  severeRssBytes: number;
};

const mebibytes = 1024 * 1024;
/**
 * Heavy: the loop busy all but 5% of the time with a timer kept 100 ms, or a timer kept half a second, or
 * 768 MiB. Severe: the loop busy all but 2% of the time with a timer kept a second, or 960 MiB. A loop busy
 * with many short tasks (a person's import creating products) keeps its timers on time: no reason to turn
 * the next request away; nor is one long task alone (a large webhook read) a reason to turn people away.
 */
export const defaultLoadThresholds: LoadThresholds = {
  heavyDelayMs: 500,
  heavyBusy: 0.95,
  heavyBusyDelayMs: 100,
  severeDelayMs: 1_000,
  severeBusy: 0.98,
  heavyRssBytes: 768 * mebibytes,
  severeRssBytes: 960 * mebibytes,
};

export function levelOf(
  { delayMs, busy, rssBytes }: Omit<LoadReading, 'level'>,
  thresholds: LoadThresholds,
): LoadLevel {
  if (rssBytes >= thresholds.severeRssBytes) return 'severe';
  if (busy >= thresholds.severeBusy && delayMs >= thresholds.severeDelayMs) return 'severe';
  if (rssBytes >= thresholds.heavyRssBytes) return 'heavy';
  if (delayMs >= thresholds.heavyDelayMs) return 'heavy';
  if (busy >= thresholds.heavyBusy && delayMs >= thresholds.heavyBusyDelayMs) return 'heavy';
  return 'calm';
}

/**
 * Samples the event loop (its longest delay, its share of busy time) and the process's memory every
 * `sampleMs`; the level holds until the next sample, so a burst is shed for half a second rather than
 * request by request. `restart` forgets what came before (a console's start-up is not load).
 */
export function createLoadMonitor({
  thresholds = defaultLoadThresholds,
  sampleMs = 500,
  rssBytes = () => process.memoryUsage.rss(),
}: {
  thresholds?: LoadThresholds;
  sampleMs?: number;
  rssBytes?: () => number;
} = {}) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  let reading: LoadReading = { level: 'calm', delayMs: 0, busy: 0, rssBytes: rssBytes() };
  const sample = () => {
    const now = performance.eventLoopUtilization();
    const seen = {
      delayMs: delay.max / 1e6,
      busy: performance.eventLoopUtilization(now, utilization).utilization,
      rssBytes: rssBytes(),
    };
    utilization = now;
    delay.reset();
    reading = { ...seen, level: levelOf(seen, thresholds) };
  };
  const restart = () => {
    delay.reset();
    utilization = performance.eventLoopUtilization();
    reading = { level: 'calm', delayMs: 0, busy: 0, rssBytes: rssBytes() };
  };
  const timer = setInterval(sample, sampleMs);
  timer.unref();
  return {
    reading: () => reading,
    /** Takes a sample now (tests; the timer takes one every `sampleMs`). */
    sample,
    restart,
    close(): void {
      clearInterval(timer);
      delay.disable();
    },
  };
}
export type LoadMonitor = ReturnType<typeof createLoadMonitor>;

/**
 * A console that never reads itself as pressed: an app made without a monitor (tests, which each measure
 * their own) sheds nothing. A running console has a real one (startConsole).
 */
export const unmonitoredLoad: LoadMonitor = {
  reading: () => ({ level: 'calm', delayMs: 0, busy: 0, rssBytes: 0 }),
  sample: () => {},
  restart: () => {},
  close: () => {},
};

/** What is never shed: what lets people find their way while the console is pressed. */
function isKeptUnderLoad(method: string, path: string): boolean {
  if (Object.values(operationsPaths).includes(path as never)) return true;
  if (!path.startsWith('/api/')) return method === 'GET' || method === 'HEAD';
  if (path === '/api/session' || path.startsWith('/api/session/') || path === '/api/config') return true;
  return method === 'GET' && path.startsWith('/api/index/records/');
}

/**
 * Refuses with 503 and Retry-After what a severely pressed console can do without for a moment, and counts
 * each refusal (`shed`).
 */
export function shedUnderLoad(
  monitor: Pick<LoadMonitor, 'reading'>,
  shed: () => void = () => {},
): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    if (monitor.reading().level !== 'severe' || isKeptUnderLoad(c.req.method, c.req.path)) return next();
    shed();
    return busyAnswer(new Busy('request', 'shed', 5));
  };
}
