import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordActivity, recordActivitySchema } from '../../../contract/record-activity';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { createServerApp } from '../../app';
import { readServerConfig } from '../../config/config';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { createSqliteAccountStore } from '../../store/sqlite/sqlite-account-store';
import { pageRequests, problemOf } from '../../testing/page-requests';
import { testConsoleApp, testUpstream } from '../../testing/test-console-app';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import {
  activityOfVersions,
  activitySummary,
  activityAt as at,
  activityVersions as versions,
} from '../testing/activity-versions';
import { testRecordStore } from '../testing/test-record-store';

const stopping: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((stop) => stop()));
});

async function apply(store: RecordStore, document: unknown, source: 'webhook' | 'sync' = 'webhook') {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  return store.apply(read, source);
}

async function consoleWith(organization = 'north') {
  const records = await testRecordStore({ organization });
  const send = pageRequests(testConsoleApp({ records }));
  const activityOf = async (path: string): Promise<RecordActivity> => {
    const response = await send(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return recordActivitySchema.parse((await response.json()).data);
  };
  return { records, send, activityOf };
}

describe('GET /api/index/records/{kind}/{reference}/activity', () => {
  it('answers the versions newest first, with the states, the hold reason and the tracking added', async () => {
    const { records, activityOf } = await consoleWith();
    await apply(records, versions[0], 'sync');
    for (const version of versions.slice(1)) await apply(records, version);
    const { entries, nextBefore } = await activityOf('/api/index/records/order/SO-7/activity');
    expect(nextBefore).toBeNull();
    expect(activitySummary(entries)).toEqual(activityOfVersions);
    expect(entries[0]?.changed).toEqual(['status', 'shipments']);
    expect(entries.at(-1)?.changed).toEqual(['created']);
  });

  it('pages with limit and the cursor before, and refuses either out of bounds with the envelope', async () => {
    const { records, send, activityOf } = await consoleWith();
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
    const { records: north, send } = await consoleWith('north');
    await apply(await testRecordStore({ organization: 'south', beside: north }), versions[0]);
    const hidden = await send('/api/index/records/order/SO-7/activity');
    expect(hidden.status).toBe(404);
    expect((await problemOf(hidden))?.code).toBe('not_found');
    const { records, send: sendNorth } = await consoleWith('north');
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
        records: await testRecordStore(),
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
