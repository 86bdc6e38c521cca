import { afterEach, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { type LiveChange, liveChangeSchema } from '../../../contract/live-change';
import { warehouseReachSchema } from '../../../contract/warehouse-reach';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { createSqliteAccountStore } from '../../store/sqlite/sqlite-account-store';
import { pageRequests, problemOf } from '../../testing/page-requests';
import { testConsoleApp } from '../../testing/test-console-app';
import { createWarehouseReach, type WarehouseReachTracker } from '../../upstream/warehouse-reach';
import { applyDocument } from '../testing/list-fixtures';
import { testRecordStore } from '../testing/test-record-store';
import { defaultLiveEventLimits, type LiveEventLimits } from './live-events-route';

type ServerEvent = { event: string; id?: string; data?: string; comment?: string };

const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.cancel();
});

/** The events of an open stream as they arrive: `next(n)` waits for n more (or fails after a second). */
function eventsOf(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  readers.push(reader);
  const decoder = new TextDecoder();
  let text = '';
  const parsed: ServerEvent[] = [];
  let taken = 0;
  const parse = () => {
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event: ServerEvent = { event: 'message' };
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(': ');
        const value = rest.join(': ');
        if (field === '') event.comment = value;
        else if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') event.data = value;
      }
      parsed.push(event.comment === undefined ? event : { event: 'comment', comment: event.comment });
    }
  };
  return {
    async next(count = 1): Promise<ServerEvent[]> {
      const deadline = Date.now() + 1000;
      while (parsed.length < taken + count) {
        const read = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
        ]);
        if (read === null) throw new Error(`waited for ${count} events, got ${parsed.slice(taken).length}`);
        if (read.done) throw new Error('the stream ended');
        text += decoder.decode(read.value, { stream: true });
        parse();
      }
      const events = parsed.slice(taken, taken + count);
      taken += count;
      return events;
    },
  };
}

const changeOf = (event: ServerEvent): LiveChange => liveChangeSchema.parse(JSON.parse(event.data ?? ''));

async function liveConsole(
  limits: Partial<LiveEventLimits> = {},
  consoleDb = openConsoleDatabase(':memory:'),
  reach?: WarehouseReachTracker,
) {
  const records = await testRecordStore({ organization: 'acme' });
  const app = testConsoleApp({
    consoleDb,
    records,
    liveEvents: { ...defaultLiveEventLimits, ...limits },
    reach,
  });
  const send = pageRequests(app);
  let minute = 0;
  /** A new version of order `reference`, a minute newer than the last one. */
  const write = async (reference: string, status = 'PRS') => {
    minute += 1;
    await applyDocument(
      records,
      enteredOrder({
        id: reference,
        primaryReference: reference,
        status,
        dateLastUpdated: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
      }),
    );
  };
  return { consoleDb, records, send, write };
}

describe('GET /api/events', () => {
  it('starts with `ready` at the log’s end, then sends each change of the index in order', async () => {
    const { send, write } = await liveConsole();
    await write('SO-1');
    const response = await send('/api/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = eventsOf(response);
    expect(await events.next()).toEqual([{ event: 'ready', id: '1', data: '{"seq":1}' }]);
    await write('SO-2');
    await write('SO-1', 'FIN');
    const [created, shipped] = await events.next(2);
    expect(created).toMatchObject({ event: 'change', id: '2' });
    expect(changeOf(created as ServerEvent)).toMatchObject({
      seq: 2,
      kind: 'order',
      reference: 'SO-2',
      statusBefore: null,
      source: 'sync',
      changed: ['created'],
    });
    expect(changeOf(shipped as ServerEvent)).toMatchObject({
      seq: 3,
      reference: 'SO-1',
      status: 'FIN',
      statusBefore: 'PRS',
      updated: '2026-11-20T09:03:00.000Z',
    });
    expect(changeOf(shipped as ServerEvent).changed).toContain('status');
  });

  it('says when the warehouse stops and starts answering, and tells a stream opened meanwhile', async () => {
    let clock = Date.UTC(2026, 10, 27, 10, 0);
    const reach = createWarehouseReach({ quietMs: 60_000, now: () => clock });
    const { send } = await liveConsole({}, undefined, reach);
    const before = eventsOf(await send('/api/events'));
    expect(await before.next()).toMatchObject([{ event: 'ready' }]);
    reach.answered();
    clock += 61_000;
    reach.failed('the warehouse service cannot be reached');
    const silent = {
      answering: false,
      lastAnsweredAt: '2026-11-27T10:00:00.000Z',
      consoleStartedAt: '2026-11-27T10:00:00.000Z',
      problem: 'the warehouse service cannot be reached',
    };
    const [told] = await before.next();
    expect(told).toEqual({ event: 'warehouse', data: JSON.stringify(silent) });
    expect(warehouseReachSchema.parse(JSON.parse(told?.data ?? ''))).toEqual(silent);
    const during = eventsOf(await send('/api/events'));
    expect((await during.next(2)).map((event) => event.event)).toEqual(['ready', 'warehouse']);
    reach.answered();
    for (const stream of [before, during])
      expect(JSON.parse((await stream.next())[0]?.data ?? '')).toMatchObject({
        answering: true,
        problem: null,
      });
  });

  it('resumes after Last-Event-ID (or ?lastEventId=) with what it missed, and only that', async () => {
    const { send, write } = await liveConsole();
    for (const reference of ['SO-1', 'SO-2', 'SO-3']) await write(reference);
    const byHeader = eventsOf(await send('/api/events', { headers: { 'last-event-id': '1' } }));
    expect((await byHeader.next(2)).map((event) => event.id)).toEqual(['2', '3']);
    const byQuery = eventsOf(await send('/api/events?lastEventId=2'));
    expect((await byQuery.next()).map(changeOf).map((change) => change.reference)).toEqual(['SO-3']);
    await write('SO-4');
    expect((await byHeader.next()).map((event) => event.id)).toEqual(['4']);
    expect((await byQuery.next()).map((event) => event.id)).toEqual(['4']);
  });

  it('sends one `reset` instead of more missed changes than it replays, or for an id past the log', {
    timeout: budgets.largeIndex,
  }, async () => {
    // 502 writes take PostgreSQL longer than a heartbeat on a loaded machine: none comes between the events.
    const { send, write } = await liveConsole({ heartbeatMs: 600_000 });
    for (let n = 1; n <= 502; n++) await write(`SO-${n}`);
    const behind = eventsOf(await send('/api/events', { headers: { 'last-event-id': '1' } }));
    expect(await behind.next()).toEqual([{ event: 'reset', id: '502', data: '{"seq":502}' }]);
    const ahead = eventsOf(await send('/api/events', { headers: { 'last-event-id': '9999' } }));
    expect(await ahead.next()).toEqual([{ event: 'reset', id: '502', data: '{"seq":502}' }]);
    const near = eventsOf(await send('/api/events', { headers: { 'last-event-id': '2' } }));
    const replayed = await near.next(500);
    expect(replayed.at(-1)).toMatchObject({ event: 'change', id: '502' });
    // After a reset both go on from where the log stood, the one whose id was past the log included.
    await write('SO-503');
    expect((await ahead.next()).map((event) => event.id)).toEqual(['503']);
    expect((await behind.next()).map((event) => event.id)).toEqual(['503']);
  });

  it('sends a reader that falls behind one `reset` instead of queueing without bound', async () => {
    const { send, write } = await liveConsole({ maxQueued: 3 });
    const response = await send('/api/events');
    for (let n = 1; n <= 10; n++) await write(`SO-${n}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const events = eventsOf(response);
    const [ready, ...rest] = await events.next(2);
    expect(ready?.event).toBe('ready');
    const afterReady = rest[0]?.event === 'change' ? [rest[0], ...(await events.next())] : rest;
    const reset = afterReady.at(-1);
    expect(reset).toMatchObject({ event: 'reset', data: JSON.stringify({ seq: Number(reset?.id) }) });
    // The reset names where the log stood when the reader fell behind; what was committed after it follows.
    const resetAt = Number(reset?.id);
    const following = resetAt < 10 ? await events.next(10 - resetAt) : [];
    expect(following.map((event) => `${event.event} ${event.id}`)).toEqual(
      Array.from({ length: 10 - resetAt }, (_, index) => `change ${resetAt + index + 1}`),
    );
  });

  it('sends only its own organization’s changes', async () => {
    const { records, send, write } = await liveConsole();
    const other = await testRecordStore({ organization: 'other', beside: records });
    const events = eventsOf(await send('/api/events'));
    await events.next();
    await applyDocument(other, enteredOrder({ id: 'x', primaryReference: 'OTHER-1' }));
    await write('SO-1');
    const [change] = await events.next();
    expect(changeOf(change as ServerEvent).reference).toBe('SO-1');
    const resumed = eventsOf(await send('/api/events?lastEventId=0'));
    expect((await resumed.next()).map(changeOf).map((item) => item.reference)).toEqual(['SO-1']);
  });

  it('refuses an id that is not one it sent, naming the parameter', async () => {
    const { send } = await liveConsole();
    const byQuery = await send('/api/events?lastEventId=abc');
    expect(byQuery.status).toBe(400);
    expect(await problemOf(byQuery)).toMatchObject({ source: { parameter: 'lastEventId' } });
    const byHeader = await send('/api/events', { headers: { 'last-event-id': '-1' } });
    expect(byHeader.status).toBe(400);
    expect(await problemOf(byHeader)).toMatchObject({ source: { parameter: 'Last-Event-ID' } });
  });

  it.each([
    ['per person with 429', { maxStreams: 3, maxStreamsPerPerson: 2 }, 429, 'rate_limited'],
    ['in all with 503', { maxStreams: 2, maxStreamsPerPerson: 10 }, 503, 'server_busy'],
  ] as const)(
    'caps the streams open at once %s, and answers other requests meanwhile',
    async (_case, limits, status, code) => {
      const { send } = await liveConsole(limits);
      eventsOf(await send('/api/events'));
      eventsOf(await send('/api/events'));
      const third = await send('/api/events');
      expect(third.status).toBe(status);
      expect(third.headers.get('retry-after')).toBe('60');
      expect(await problemOf(third)).toMatchObject({ code });
      expect((await send('/api/config')).status).toBe(200);
      await readers[0]?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await send('/api/events')).status).toBe(200);
    },
  );

  it('sends a heartbeat comment, and ends the stream once its session has ended', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    const accounts = createSqliteAccountStore(consoleDb);
    await accounts.add('ada', 'support', 'a long enough password');
    const { send } = await liveConsole({ heartbeatMs: 40, sessionCheckMs: 20 }, consoleDb);
    const refused = await send('/api/events');
    expect(refused.status).toBe(401);
    const signIn = await send('/api/session', {
      method: 'POST',
      body: { name: 'ada', password: 'a long enough password' },
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const events = eventsOf(await send('/api/events', { headers: { cookie } }));
    expect((await events.next(2)).map((event) => event.event)).toEqual(['ready', 'comment']);
    await send('/api/session', { method: 'DELETE', headers: { cookie } });
    await expect(events.next(2)).rejects.toThrow(/ended/);
  });
});
