import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import type { OrderShipment } from '../../../contract/order';
import {
  queueRowLimit,
  workQueueDefinitions,
  workQueuesSchema,
  workTrendsSchema,
} from '../../../contract/work-queues';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { shippedShortOrder } from '../../../testing/order-fixtures';
import { buildReturn } from '../../../testing/receive-fixtures';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { dropGlanceColumns } from '../testing/before-glance-columns';
import { applyDocument, consoleWithRecords, now } from '../testing/list-fixtures';
import { orderPageSchema, receivePageSchema } from '../testing/list-paging';

/** The fixture's `now` (2026-11-25, noon UTC) read by someone in UTC. */
const day = { today: '2026-11-25', weekFrom: '2026-11-19T00:00:00.000Z', weekTo: '2026-11-25T23:59:59.999Z' };
const queuesPath = (sent: Record<string, string>) => `/api/index/queues?${new URLSearchParams(sent)}`;

/** A held order with the reason the sandbox writes, due today. */
function heldWithReason() {
  const shipment = enteredOrder().shipments[0] as OrderShipment;
  return enteredOrder({
    id: 'order-held',
    primaryReference: 'SO-HELD',
    dateLastUpdated: '2026-11-25T08:00:00Z',
    requiredShipDate: '2026-11-25T00:00:00+00:00',
    shipments: [
      {
        ...shipment,
        status: 'HEL',
        milestones: [
          ...shipment.milestones,
          { code: 'HEL', description: 'On hold: Address unclear', actualDate: '2026-11-25T08:00:00Z' },
        ],
      },
    ],
  });
}

/** A return of SO-1001 (2 TENT-2P and 3 LAMP-01 shipped) finalized yesterday with `tents` tents back. */
const finalized = (reference: string, created: string, tents: number) => ({
  ...buildReturn({
    reference,
    originalOrder: 'SO-1001',
    status: 'FIN',
    dateCreated: created,
    announced: { 'TENT-2P': tents },
    received: { 'TENT-2P': tents },
  }),
  dateLastUpdated: '2026-11-24T10:00:00Z',
});

describe('the work queues', () => {
  it('judges late by the reader’s day: due today is not late, and late the day after', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(records, heldWithReason());
    const lateOn = async (today: string) =>
      orderPageSchema
        .parse(await (await get(`/api/index/orders?late=true&state=held&today=${today}`)).json())
        .data.rows.map((row) => [row.reference, row.late]);
    expect(await lateOn('2026-11-25')).not.toContainEqual(['SO-HELD', true]);
    expect(await lateOn('2026-11-26')).toContainEqual(['SO-HELD', true]);
  });

  it('count and show what each queue’s list answers for its filter', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(records, heldWithReason());
    await applyDocument(records, shippedShortOrder);
    await applyDocument(records, finalized('RMA-A', '2026-11-22T10:00:00Z', 2));
    const response = await get(queuesPath(day));
    expect(response.status).toBe(200);
    const { queues } = envelopeSchema(workQueuesSchema).parse(await response.json()).data;
    const definitions = workQueueDefinitions(day);
    expect(queues.map((queue) => queue.name)).toEqual(definitions.map((definition) => definition.name));
    for (const [index, definition] of definitions.entries()) {
      const queue = queues[index];
      const path = definition.list === 'orders' ? '/api/index/orders' : '/api/index/receives';
      const schema = definition.list === 'orders' ? orderPageSchema : receivePageSchema;
      const params = new URLSearchParams({ ...definition.query, limit: '200' });
      const { data } = schema.parse(await (await get(`${path}?${params}`)).json());
      expect(queue?.total, definition.name).toBe(data.total);
      expect(
        queue?.rows.map((row) => row.reference),
        definition.name,
      ).toEqual(data.rows.slice(0, queueRowLimit).map((row) => row.reference));
    }
    // Not empty by accident: the fixture has records in every queue.
    const totals = Object.fromEntries(queues.map((queue) => [queue.name, queue.total]));
    expect(totals).toEqual({
      // The held order due today is due, not late: its ship-by day has not ended.
      ordersLate: 7,
      ordersDueToday: 1,
      ordersOnHold: 4,
      // The fixture's three, and SO-1001 (shipped short this week) that RMA-A returns of.
      ordersShippedShort: 4,
      receivesOverdue: 2,
      receivesFinishedShortOrOver: 2,
      returnsAwaiting: 1,
      // RMA-A; the fixture's RMA-15 sends back what its order SO-15 never shipped.
      returnsReceived: 1,
    });
    const held = queues.find((queue) => queue.name === 'ordersOnHold')?.rows;
    expect(held?.find((row) => row.reference === 'SO-HELD')).toMatchObject({
      state: 'held',
      holdReason: 'Address unclear',
      due: '2026-11-25T00:00:00.000Z',
    });
    expect(held?.filter((row) => row.holdReason === null)).toHaveLength(3);
    // A claim window counts from when each was finalized.
    const shortOrOver = queues.find((queue) => queue.name === 'receivesFinishedShortOrOver')?.rows ?? [];
    expect(shortOrOver.map((row) => typeof row.finished)).toEqual(['string', 'string']);
  });

  it('count a return ready to refund only while it has units no earlier return of its order received', async () => {
    const { get, records } = await consoleWithRecords();
    const received = async () => {
      const { queues } = envelopeSchema(workQueuesSchema).parse(
        await (await get(queuesPath(day))).json(),
      ).data;
      return queues.find((queue) => queue.name === 'returnsReceived')?.rows.map((row) => row.reference);
    };
    // The fixture's one return received complete sends back what its order SO-15 never shipped.
    expect(await received()).toEqual([]);
    await applyDocument(records, shippedShortOrder);
    await applyDocument(records, finalized('RMA-B', '2026-11-23T10:00:00Z', 2));
    expect(await received()).toEqual(['RMA-B']);
    // An earlier return received the same two tents: RMA-B has nothing left to refund, whatever came first.
    await applyDocument(records, finalized('RMA-A', '2026-11-22T10:00:00Z', 2));
    expect(await received()).toEqual(['RMA-A']);
    // Only one of them came back in RMA-A (the other canceled): RMA-B refunds the second.
    await applyDocument(records, {
      ...finalized('RMA-A', '2026-11-22T10:00:00Z', 1),
      dateLastUpdated: '2026-11-24T11:00:00Z',
    });
    expect(await received()).toEqual(['RMA-A', 'RMA-B']);
    const listed = receivePageSchema.parse(
      await (await get('/api/index/receives?kind=return&refundable=false&status=FIN')).json(),
    ).data.rows;
    expect(listed.map((row) => row.reference)).not.toContain('RMA-B');
  });

  it('refuses a day it cannot read with a 400 naming the parameter', async () => {
    const { get } = await consoleWithRecords();
    const refusals: [Record<string, string>, string][] = [
      [{ ...day, today: '2026-02-30' }, 'today'],
      [{ ...day, today: 'today' }, 'today'],
      [{ ...day, weekTo: '2026-11-28T00:00:00Z' }, 'weekTo'],
      [{ ...day, weekTo: 'soon' }, 'weekTo'],
      [{ ...day, weekFrom: '2026-11-01T00:00:00Z' }, 'weekFrom'],
      [{ today: day.today, weekTo: day.weekTo }, 'weekFrom'],
      [{ ...day, limit: '5' }, 'limit'],
    ];
    for (const [sent, parameter] of refusals) {
      const response = await get(queuesPath(sent));
      expect(response.status, parameter).toBe(400);
      const body = await response.json();
      expect(body.errors[0]?.parameter ?? body.errors[0]?.source?.parameter, JSON.stringify(body)).toBe(
        parameter,
      );
    }
    const twice = await get(`${queuesPath(day)}&today=2026-11-25`);
    expect(twice.status).toBe(400);
  });

  it('takes a day that begins and ends away from UTC, a clock change included', async () => {
    const { get } = await consoleWithRecords();
    const response = await get(
      queuesPath({
        today: '2026-11-25',
        weekFrom: '2026-11-19T05:00:00Z',
        weekTo: '2026-11-26T04:59:59.999Z',
      }),
    );
    expect(response.status).toBe(200);
    const overClockChange = await get(
      queuesPath({
        today: '2026-03-10',
        weekFrom: '2026-03-04T05:00:00Z',
        weekTo: '2026-03-11T03:59:59.999Z',
      }),
    );
    expect(overClockChange.status).toBe(200);
  });
});

describe('the trends', () => {
  it('count on-time shipping per day and fill rate per week from finished records', async () => {
    const { get } = await consoleWithRecords();
    const response = await get(`/api/index/trends?todayStart=${encodeURIComponent('2026-11-25T00:00:00Z')}`);
    expect(response.status).toBe(200);
    const { days, weeks } = envelopeSchema(workTrendsSchema).parse(await response.json()).data;
    expect(days).toHaveLength(14);
    expect(weeks).toHaveLength(8);
    // The fixture's shipped orders (three shipped, three short) all finished on 2026-11-20, five days ago.
    const shippedDay = days.find((entry) => entry.daysAgo === 5);
    expect(shippedDay?.shipped).toBe(6);
    expect(days.filter((entry) => entry.daysAgo !== 5).every((entry) => entry.shipped === 0)).toBe(true);
    expect(shippedDay?.onTime).toBeGreaterThan(0);
    expect(shippedDay?.onTime).toBeLessThan(6);
    // Finalized receives (complete and short, not returns): 10 TEE-S + 4 MILK announced on each.
    expect(weeks.find((entry) => entry.weeksAgo === 0)).toEqual({
      weeksAgo: 0,
      receives: 4,
      announced: 56,
      received: 48,
    });
    expect(now).toBeGreaterThan(Date.parse('2026-11-25T00:00:00Z'));
  });

  it('refuses a start of day it cannot read', async () => {
    const { get } = await consoleWithRecords();
    expect((await get('/api/index/trends?todayStart=yesterday')).status).toBe(400);
    expect((await get('/api/index/trends')).status).toBe(400);
  });
});

describe('the finish time of records indexed before it was kept', () => {
  it('is filled in by the migration as the index derives it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'work-queues-'));
    try {
      const file = join(directory, 'console.db');
      const db = openConsoleDatabase(file);
      await consoleWithRecords(db);
      const finished = () =>
        db.prepare('SELECT reference, finished_ms FROM records ORDER BY reference').all();
      // Six shipped orders, four receives and two returns finalized.
      const derived = finished();
      expect(
        derived.filter((row) => (row as { finished_ms: number | null }).finished_ms !== null),
      ).toHaveLength(12);
      db.close();
      const older = new Database(file);
      // Back to the database as it was before the finish time was kept (and the migrations after it).
      older.exec(`
        DROP INDEX records_kind_state_finished;
        ALTER TABLE records DROP COLUMN finished_ms;
        ALTER TABLE record_changes DROP COLUMN person;
        ALTER TABLE record_changes DROP COLUMN details;
        DROP TABLE record_terms_due;
        DROP TABLE record_exact_values;
        ALTER TABLE records DROP COLUMN refundable;
        ${dropGlanceColumns}
        DROP TABLE record_parts;
      `);
      older.pragma('user_version = 3');
      older.close();
      const migrated = openConsoleDatabase(file);
      expect(migrated.prepare('SELECT reference, finished_ms FROM records ORDER BY reference').all()).toEqual(
        derived,
      );
      migrated.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
