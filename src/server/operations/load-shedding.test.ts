import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { LoadLevel } from '../heavy-work/load-reading';
import type { ServerEnv } from '../server-env';
import { createLoadMonitor, defaultLoadThresholds, levelOf, shedUnderLoad } from './load-shedding';

const mebibytes = 1024 * 1024;

describe('how pressed the console is', () => {
  it('is heavy with its loop busy and late, a timer kept half a second or 768 MiB; severe with it always busy and late a second, or 960 MiB', () => {
    const at = (delayMs: number, busy: number, rssMebibytes: number) =>
      levelOf({ delayMs, busy, rssBytes: rssMebibytes * mebibytes }, defaultLoadThresholds);
    expect([
      at(20, 0.5, 200),
      at(350, 0.6, 200),
      at(20, 0.99, 200),
      at(150, 0.96, 200),
      at(600, 0.6, 200),
      at(20, 0.5, 800),
      at(1_200, 0.6, 200),
      at(1_200, 0.99, 200),
      at(20, 0.5, 980),
    ]).toEqual(['calm', 'calm', 'calm', 'heavy', 'heavy', 'heavy', 'heavy', 'severe', 'severe']);
  });

  it('reads a loop held for 600 ms as heavy, and calm again once it is not, and forgets on restart', async () => {
    const monitor = createLoadMonitor({ sampleMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const until = performance.now() + 600;
      while (performance.now() < until) {}
      await new Promise((resolve) => setTimeout(resolve, 30));
      monitor.sample();
      expect(monitor.reading().level).toBe('heavy');
      await new Promise((resolve) => setTimeout(resolve, 50));
      monitor.sample();
      expect(monitor.reading().level).toBe('calm');
      const again = performance.now() + 400;
      while (performance.now() < again) {}
      monitor.restart();
      await new Promise((resolve) => setTimeout(resolve, 50));
      monitor.sample();
      expect(monitor.reading().level).toBe('calm');
    } finally {
      monitor.close();
    }
  });
});

describe('shedding under load', () => {
  function appAt(level: LoadLevel) {
    const app = new Hono<ServerEnv>();
    let shed = 0;
    const reading = () => ({ level, delayMs: 0, busy: 0, rssBytes: 0 });
    app.use(shedUnderLoad({ reading }, () => void shed++));
    app.all('*', (c) => c.text('answered'));
    return { app, shed: () => shed };
  }

  const kept = [
    ['GET', '/healthz'],
    ['GET', '/readyz'],
    ['GET', '/metrics'],
    ['GET', '/api/session'],
    ['POST', '/api/session'],
    ['GET', '/api/config'],
    ['GET', '/orders/SO-1'],
    ['GET', '/assets/index.js'],
    ['GET', '/api/index/records/order/SO-1'],
  ];
  const shedWhenSevere = [
    ['GET', '/api/search?q=ana'],
    ['GET', '/api/index/orders'],
    ['POST', '/api/warehouse/v1/orders'],
    ['POST', '/api/webhooks/warehouse'],
    ['GET', '/api/trace?q=L-1'],
  ];

  it('refuses all but what people need to find their way with 503 and Retry-After when severe', async () => {
    const { app, shed } = appAt('severe');
    for (const [method, path] of kept)
      expect((await app.request(path as string, { method })).status, path).toBe(200);
    for (const [method, path] of shedWhenSevere) {
      const response = await app.request(path as string, { method });
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('5');
      expect((await response.json()).errors[0]).toMatchObject({ code: 'server_busy' });
    }
    expect(shed()).toBe(shedWhenSevere.length);
  });

  it('lets every request through while calm or only heavy (heavy work is refused in its own line)', async () => {
    for (const level of ['calm', 'heavy'] as const) {
      const { app } = appAt(level);
      for (const [method, path] of [...kept, ...shedWhenSevere])
        expect((await app.request(path as string, { method })).status, `${level} ${path}`).toBe(200);
    }
  });
});
