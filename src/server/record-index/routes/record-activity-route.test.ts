import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/order';
import { type RecordActivity, recordActivitySchema } from '../../../contract/record-activity';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { createServerApp } from '../../app';
import { readServerConfig } from '../../config';
import { openConsoleDatabase } from '../../console-db';
import { createSqliteAccountStore } from '../../store/sqlite-account-store';
import { pageRequests, problemOf } from '../../testing/page-requests';
import { testConsoleApp, testUpstream } from '../../testing/test-console-app';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';

const stopping: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((stop) => stop()));
});

async function apply(store: RecordStore, document: unknown, source: 'webhook' | 'sync' = 'webhook') {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  return store.apply(read, source);
}

const at = (minute: number) => `2026-11-21T08:${String(minute).padStart(2, '0')}:00+00:00`;

/** SO-7 as it moves: entered, held with a reason, released, shipped with a tracking number. */
const versions: Order[] = [
  enteredOrder({ primaryReference: 'SO-7', dateLastUpdated: at(0) }),
  enteredOrder({
    primaryReference: 'SO-7',
    dateLastUpdated: at(1),
    shipments: [
      {
        ...(enteredOrder().shipments[0] as Order['shipments'][number]),
        status: 'HEL',
        milestones: [{ code: 'HEL', description: 'On hold: Address needs checking' }],
      },
    ],
  }),
  enteredOrder({ primaryReference: 'SO-7', dateLastUpdated: at(2) }),
  enteredOrder({
    primaryReference: 'SO-7',
    status: 'FIN',
    dateLastUpdated: at(3),
    shipments: [
      {
        ...(enteredOrder().shipments[0] as Order['shipments'][number]),
        status: 'FIN',
        trackingDetail: { carrierCode: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
    ],
  }),
];

function consoleWith(organization = 'north') {
  const consoleDb = openConsoleDatabase(':memory:');
  const records = createRecordStore(consoleDb, { organization });
  const send = pageRequests(testConsoleApp({ consoleDb, records }));
  const activityOf = async (path: string): Promise<RecordActivity> => {
    const response = await send(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return recordActivitySchema.parse((await response.json()).data);
  };
  return { consoleDb, records, send, activityOf };
}

describe('GET /api/index/records/{kind}/{reference}/activity', () => {
  it('answers the versions newest first, with the states, the hold reason and the tracking added', async () => {
    const { records, activityOf } = consoleWith();
    await apply(records, versions[0], 'sync');
    for (const version of versions.slice(1)) await apply(records, version);
    const { entries, nextBefore } = await activityOf('/api/index/records/order/SO-7/activity');
    expect(nextBefore).toBeNull();
    expect(
      entries.map(({ source, person, stateBefore, state, details }) => ({
        source,
        person,
        stateBefore,
        state,
        details,
      })),
    ).toEqual([
      {
        source: 'webhook',
        person: null,
        stateBefore: 'entered',
        state: 'shipped_short',
        details: { trackingAdded: ['1Z999AA10123456784'], shipmentsAdded: 0, holdReason: null },
      },
      { source: 'webhook', person: null, stateBefore: 'held', state: 'entered', details: null },
      {
        source: 'webhook',
        person: null,
        stateBefore: 'entered',
        state: 'held',
        details: { trackingAdded: [], shipmentsAdded: 0, holdReason: 'Address needs checking' },
      },
      {
        source: 'sync',
        person: null,
        stateBefore: null,
        state: 'entered',
        details: { trackingAdded: [], shipmentsAdded: 1, holdReason: null },
      },
    ]);
    expect(entries[0]?.changed).toEqual(['status', 'shipments']);
    expect(entries.at(-1)?.changed).toEqual(['created']);
  });

  it('pages with limit and the cursor before, and refuses either out of bounds with the envelope', async () => {
    const { records, send, activityOf } = consoleWith();
    for (const version of versions) await apply(records, version);
    const first = await activityOf('/api/index/records/order/SO-7/activity?limit=3');
    expect(first.entries.map((entry) => entry.state)).toEqual(['shipped_short', 'entered', 'held']);
    const older = await activityOf(
      `/api/index/records/order/SO-7/activity?limit=3&before=${first.nextBefore}`,
    );
    expect(older.entries.map((entry) => entry.stateBefore)).toEqual([null]);
    expect(older.nextBefore).toBeNull();

    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['before=-1', 'before'],
      ['before=99999999999999999999', 'before'],
    ] as const) {
      const refused = await send(`/api/index/records/order/SO-7/activity?${query}`);
      expect(refused.status, query).toBe(400);
      expect((await problemOf(refused))?.source?.parameter, query).toBe(parameter);
    }
    const badKind = await send('/api/index/records/invoice/SO-7/activity');
    expect(badKind.status).toBe(400);
    expect((await problemOf(badKind))?.source?.parameter).toBe('kind');
    const long = await send(`/api/index/records/order/${'X'.repeat(300)}/activity`);
    expect((await problemOf(long))?.source?.parameter).toBe('reference');
  });

  it("shows nothing of another organization's records, nor a record under another kind", async () => {
    const { consoleDb, send } = consoleWith('north');
    await apply(createRecordStore(consoleDb, { organization: 'south' }), versions[0]);
    const hidden = await send('/api/index/records/order/SO-7/activity');
    expect(hidden.status).toBe(404);
    expect((await problemOf(hidden))?.code).toBe('not_found');
    const { records, send: sendNorth } = consoleWith('north');
    await apply(records, versions[0]);
    expect((await sendNorth('/api/index/records/receive/SO-7/activity')).status).toBe(404);
  });

  it('records who made a console change through the forwarded interface', async () => {
    const created = enteredOrder({ primaryReference: 'SO-ANA', dateLastUpdated: at(5) });
    const operator = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: created, id: 'x', resource: [], errors: [] }));
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    stopping.push(() => new Promise((resolve) => operator.close(resolve)));
    const consoleDb = openConsoleDatabase(':memory:');
    await createSqliteAccountStore(consoleDb).add('ana', 'support', 'a long enough password');
    const upstreamUrl = `http://127.0.0.1:${(operator.address() as AddressInfo).port}`;
    // A key of its own: the console removes the key from whatever the operator answers.
    const apiKey = 'a-key-no-document-contains';
    const send = pageRequests(
      createServerApp({
        config: readServerConfig({ WAREHOUSE_BASE_URL: upstreamUrl, WAREHOUSE_API_KEY: apiKey }),
        upstream: testUpstream(upstreamUrl, apiKey),
        mode: 'upstream',
        distDir: null,
        consoleDb,
        log: () => {},
      }),
    );
    const signedIn = await send('/api/session', {
      method: 'POST',
      body: { name: 'ana', password: 'a long enough password' },
    });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const made = await send('/api/warehouse/v1/orders', {
      method: 'POST',
      body: { primaryReference: 'SO-ANA' },
      headers: { cookie },
    });
    expect(made.status).toBe(200);
    const answer = await send('/api/index/records/order/SO-ANA/activity', { headers: { cookie } });
    const { entries } = recordActivitySchema.parse((await answer.json()).data);
    expect(entries.map(({ source, person }) => ({ source, person }))).toEqual([
      { source: 'console', person: 'ana' },
    ]);
    // Behind the session guard like every other read.
    expect((await send('/api/index/records/order/SO-ANA/activity')).status).toBe(401);
  });
});
