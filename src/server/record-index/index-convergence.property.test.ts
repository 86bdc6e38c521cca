import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { orderBody, productBody, receiveBody } from '../../sandbox/testing/request-bodies';
import { createServerApp } from '../app';
import { readServerConfig } from '../config';
import { openConsoleDatabase } from '../console-db';
import { testUpstream } from '../testing/test-console-app';
import { createIndexSync } from './index-sync';
import { createRecordStore } from './record-store';

/**
 * Property: whatever changes happen at the sandbox, delivered as webhooks with duplicates, in any order,
 * with a console restart in the middle, the index after the last delivery and one sync equals the
 * sandbox, record for record.
 */

const token = 'convergence-token';
const headers = { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' };
const references = { orders: ['SO-P1', 'SO-P2', 'SO-P3'], receives: ['PO-P1', 'RMA-P1'] };

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'index-convergence-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const change = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    reference: fc.constantFrom(...references.orders),
    move: fc.constantFrom('create', 'pick', 'hold', 'release', 'ship', 'cancel', 'split', 'correct'),
  }),
  fc.record({
    kind: fc.constant('receive' as const),
    reference: fc.constantFrom(...references.receives),
    move: fc.constantFrom('create', 'receive', 'finalize', 'cancel'),
  }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()).data };
}

/** Makes the change at the sandbox; the new version of the document when it went through. */
async function makeChange({ kind, reference, move }: Change, step: number): Promise<unknown | null> {
  let answer: { status: number; data: unknown };
  if (kind === 'order') {
    if (move === 'create')
      answer = await call(
        'POST',
        '/warehouse/v1/orders',
        orderBody(reference, 'P-1', {
          orderLines: [
            { productCode: 'P-1', quantity: 2 },
            { productCode: 'P-2', quantity: 1 },
          ],
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      );
    else if (move === 'correct') {
      const found = await call('GET', `/warehouse/v1/orders?PrimaryReference=${reference}`);
      const order = (found.data as { orders: { id: string }[] }).orders[0];
      if (!order) return null;
      answer = await call(
        'PATCH',
        `/warehouse/v1/orders/${order.id}`,
        orderBody(reference, 'P-1', {
          note: `correction ${step}`,
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      );
    } else answer = await call('POST', `/sandbox/v1/orders/${reference}/${move}`, {});
  } else {
    if (move === 'create')
      answer = await call(
        'POST',
        '/warehouse/v1/receives',
        receiveBody(reference, 'P-1', reference.startsWith('RMA') ? { subtype: 'RET' } : {}),
      );
    else answer = await call('POST', `/sandbox/v1/receives/${reference}/${move}`, {});
  }
  return answer.status === 200 ? answer.data : null;
}

function consoleOn(file: string) {
  const consoleDb = openConsoleDatabase(file);
  const records = createRecordStore(consoleDb, { organization: '' });
  const app = createServerApp({
    config: readServerConfig({ CONSOLE_DB: file }),
    upstream: testUpstream(sandbox.url, 'sandbox-key', 5000),
    mode: 'sandbox',
    distDir: null,
    consoleDb,
    records,
    webhookToken: token,
    log: () => {},
  });
  const deliver = async (body: unknown) => {
    const response = await app.request('/api/webhooks/warehouse', {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', 'x-webhook-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  return { consoleDb, records, deliver };
}

async function listAll(path: string, member: string): Promise<Record<string, unknown>[]> {
  const { data } = await call('GET', `${path}?limit=200`);
  return (data as Record<string, Record<string, unknown>[]>)[member] ?? [];
}

it('after the last delivery and one sync the index equals the sandbox, record for record', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(change, { minLength: 4, maxLength: 18 }),
      fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
      fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      async (changes, shuffle, duplicate, restartAt) => {
        run += 1;
        sandbox = await startSandbox({ dbFile: ':memory:', port: 0, seed: 'none', autopilot: false });
        try {
          for (const code of ['P-1', 'P-2']) await call('POST', '/warehouse/v1/products', productBody(code));
          // Every version the sandbox produced, as its webhooks would carry it.
          const versions: unknown[] = [];
          for (const [step, item] of changes.entries()) {
            const version = await makeChange(item, step);
            if (version !== null) versions.push(version);
          }
          // Duplicated and shuffled: any delivery may come twice and any may overtake another.
          const deliveries = versions.flatMap((version, index) =>
            duplicate[index % 40] ? [version, version] : [version],
          );
          const order = deliveries.map((version, index) => ({ version, key: shuffle[index % 40] ?? 0 }));
          order.sort((a, b) => a.key - b.key);

          const file = join(dir, `console-${run}.db`);
          let console = consoleOn(file);
          const restartIndex = Math.floor(restartAt * order.length);
          for (const [index, { version }] of order.entries()) {
            if (index === restartIndex) {
              // A restart in the middle: everything committed so far must still be there.
              console.consoleDb.close();
              console = consoleOn(file);
            }
            await console.deliver(version);
          }
          // Webhooks alone already hold the newest version of each order and receive; only two versions
          // stamped the same moment can be told apart by nothing but a read of the service.
          for (const [path, member, family] of [
            ['/warehouse/v1/orders', 'orders', 'order'],
            ['/warehouse/v1/receives', 'receives', 'receive'],
          ] as const) {
            for (const document of await listAll(path, member)) {
              const held = console.records.find(family, document.primaryReference as string);
              expect(held?.updatedMs).toBe(Date.parse(document.dateLastUpdated as string));
              const sameMoment = versions.filter(
                (version) =>
                  (version as typeof document).primaryReference === document.primaryReference &&
                  (version as typeof document).dateLastUpdated === document.dateLastUpdated,
              );
              if (sameMoment.length === 1) expect(held?.document).toEqual(document);
            }
          }

          const sync = createIndexSync({
            store: console.records,
            upstream: testUpstream(sandbox.url, 'sandbox-key', 5000),
            intervalMs: 60_000,
          });
          const synced = await sync.syncNow();
          expect(synced.error).toBeNull();

          for (const [path, member, family] of [
            ['/warehouse/v1/orders', 'orders', 'order'],
            ['/warehouse/v1/receives', 'receives', 'receive'],
            ['/warehouse/v1/products', 'products', 'product'],
          ] as const) {
            const atSandbox = await listAll(path, member);
            for (const document of atSandbox) {
              const reference = (
                family === 'product' ? document.productCode : document.primaryReference
              ) as string;
              expect(console.records.find(family, reference)?.document, `${family} ${reference}`).toEqual(
                document,
              );
            }
            expect(
              Object.values(console.records.counts()).reduce((sum, count) => sum + count, 0),
            ).toBeGreaterThanOrEqual(atSandbox.length);
          }
          const held = console.records.counts();
          expect((held.order ?? 0) + (held.receive ?? 0) + (held.return ?? 0) + (held.product ?? 0)).toBe(
            (await listAll('/warehouse/v1/orders', 'orders')).length +
              (await listAll('/warehouse/v1/receives', 'receives')).length +
              (await listAll('/warehouse/v1/products', 'products')).length,
          );
          console.consoleDb.close();
        } finally {
          await sandbox.close();
        }
      },
    ),
    { numRuns: 12 },
  );
}, 120_000);
