import { describe, expect, it, vi } from 'vitest';
import { budgets } from '#testing/test-budgets';
import type { Order } from '../../../contract/order';
import { announcedReceive, enteredOrder } from '../../../sandbox/testing/test-documents';
import { testConsoleApp } from '../../testing/test-console-app';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { readSearchQuery } from '../search/search-terms';
import { testRecordStore } from '../testing/test-record-store';

const token = 'hook-token-7f3a';

async function consoleWithIndex(organization: string | null = null) {
  const records = await testRecordStore({ organization: organization ?? '' });
  const app = testConsoleApp({ records, webhookToken: token, organization });
  const deliver = (
    body: unknown,
    {
      headers = { 'x-webhook-token': token },
      query = '',
    }: { headers?: Record<string, string>; query?: string } = {},
  ) =>
    app.request(`/api/webhooks/warehouse${query}`, {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { records, deliver };
}

const at = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00+00:00`;

describe('the webhook receiver', () => {
  it('stores an order and a receive told apart by shape, matched by primary reference, with exactly 200 and JSON', async () => {
    const { records, deliver } = await consoleWithIndex();
    const order = await deliver(enteredOrder({ id: 'operator-id-differs' }));
    expect(order.status).toBe(200);
    expect(order.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await order.json()).data).toEqual({ outcome: 'stored', kind: 'order', reference: 'SO-1' });
    const receive = await deliver(announcedReceive({ subtype: 'RET' }), {
      headers: {},
      query: `?token=${token}`,
    });
    expect((await receive.json()).data).toMatchObject({
      outcome: 'stored',
      kind: 'return',
      reference: 'PO-1',
    });
    expect(await records.find('order', 'SO-1')).toMatchObject({
      kind: 'order',
      state: 'entered',
      source: 'webhook',
    });
    expect(await records.find('receive', 'PO-1')).toMatchObject({ kind: 'return', state: 'awaiting' });
  });

  it('refuses a missing or wrong token with 401 and stores nothing', async () => {
    const { records, deliver } = await consoleWithIndex();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-webhook-token': 'wrong' },
      { 'x-webhook-token': `${token}x` },
    ];
    for (const headers of attempts) {
      const response = await deliver(enteredOrder(), { headers });
      expect(response.status).toBe(401);
    }
    expect(await records.find('order', 'SO-1')).toBeNull();
    expect((await records.intakeSummary()).received).toBe(0);
  });

  it('limits wrong tokens from an address with 429, but always takes the right one from there', async () => {
    const { records, deliver } = await consoleWithIndex();
    const wrong = await Promise.all(
      Array.from({ length: 25 }, () => deliver(enteredOrder(), { headers: { 'x-webhook-token': 'guess' } })),
    );
    expect(wrong.map((response) => response.status)).toEqual([
      ...Array.from({ length: 20 }, () => 401),
      ...Array.from({ length: 5 }, () => 429),
    ]);
    const right = await deliver(enteredOrder());
    expect(right.status).toBe(200);
    expect(await records.find('order', 'SO-1')).toMatchObject({ source: 'webhook' });
  });

  it('answers a duplicate and a stale delivery with 200 and changes nothing', async () => {
    const { records, deliver } = await consoleWithIndex();
    const newer = enteredOrder({ dateLastUpdated: at(5), status: 'FIN' });
    const older = enteredOrder({ dateLastUpdated: at(1) });
    expect((await (await deliver(newer)).json()).data.outcome).toBe('stored');
    expect((await (await deliver(newer)).json()).data.outcome).toBe('duplicate');
    const stale = await deliver(older);
    expect(stale.status).toBe(200);
    expect((await stale.json()).data.outcome).toBe('stale');
    expect((await records.find('order', 'SO-1'))?.status).toBe('FIN');
    expect(await records.intakeSummary()).toMatchObject({
      received: 3,
      stored: 1,
      duplicate: 1,
      stale: 1,
      rejected: 0,
    });
  });

  it('ends in the same state whatever the order of deliveries, same-moment versions included', async () => {
    const versions = [
      enteredOrder({ dateLastUpdated: at(1) }),
      enteredOrder({ dateLastUpdated: at(2), note: 'first of two at 09:02' }),
      enteredOrder({ dateLastUpdated: at(2), note: 'second of two at 09:02' }),
      enteredOrder({ dateLastUpdated: at(3), status: 'FIN' }),
    ];
    const finals = new Set<string>();
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
      [1, 2, 0, 3],
    ]) {
      const { records, deliver } = await consoleWithIndex();
      for (const index of order) await deliver(versions[index]);
      finals.add(JSON.stringify((await records.find('order', 'SO-1'))?.document));
    }
    expect(finals.size).toBe(1);
    expect(JSON.parse([...finals][0] as string).status).toBe('FIN');
  });

  it.each([
    ['not JSON', '{"primaryReference": '],
    ['neither kind', { primaryReference: 'X-1', hello: 'world' }],
    ['an order without lines of the right shape', { primaryReference: 'SO-2', orderLines: 'many' }],
    ['an array', [enteredOrder()]],
  ])(
    'keeps a body that is %s in the intake log with the reason and answers 200 so it is not retried',
    async (_case, body) => {
      const { records, deliver } = await consoleWithIndex();
      const response = await deliver(body);
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(data.outcome).toBe('rejected');
      expect(data.reason).toEqual(expect.any(String));
      const summary = await records.intakeSummary();
      expect(summary.rejected).toBe(1);
      expect(summary.recentRejections[0]?.reason).toBe(data.reason);
    },
  );

  it('rejects a body nested 5,000 levels deep with the reason, never a 5xx, and stores nothing', async () => {
    const { records, deliver } = await consoleWithIndex();
    const depth = 5000;
    const bodies = [
      `{"primaryReference":"SO-9","orderLines":[${'['.repeat(depth)}${']'.repeat(depth)}]}`,
      `{"PrimaryReference":"SO-9","ShipToAddress":${'{"A":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    ];
    for (const body of bodies) {
      const response = await deliver(body);
      expect(response.status).toBe(200);
      expect((await response.json()).data).toEqual({
        outcome: 'rejected',
        reason: 'The body is nested more than 64 levels deep',
      });
    }
    expect(await records.find('order', 'SO-9')).toBeNull();
    expect((await records.intakeSummary()).rejected).toBe(2);
  });

  it.each([
    ['5,000 characters long', 'R'.repeat(5000), 'primaryReference: Use at most 100 characters'],
    ['a NUL', 'SO-1\u0000x', 'primaryReference: Must not contain control characters'],
    ['a line break', 'SO-1\nSO-2', 'primaryReference: Must not contain control characters'],
    ['a right-to-left override', 'SO-1\u202e01', 'primaryReference: Must not contain invisible'],
    ['only spaces', '   ', 'primaryReference: Enter the reference'],
  ])(
    'rejects an order whose primaryReference is %s, with the reason, and indexes nothing',
    async (_case, primaryReference, reason) => {
      const { records, deliver } = await consoleWithIndex();
      const { data } = await (await deliver(enteredOrder({ primaryReference }))).json();
      expect(data.outcome).toBe('rejected');
      expect(data.reason).toContain(`Not a readable order: ${reason}`);
      expect(await records.find('order', primaryReference)).toBeNull();
      expect((await records.intakeSummary()).rejected).toBe(1);
    },
  );

  it("rejects an order or a receive with a line product code past the interface's 35 characters or holding a tab", async () => {
    const { records, deliver } = await consoleWithIndex();
    const order = enteredOrder();
    const longCode = { ...order, orderLines: [{ ...order.orderLines[0], productCode: 'P'.repeat(36) }] };
    expect((await (await deliver(longCode)).json()).data.reason).toBe(
      'Not a readable order: orderLines.0.productCode: Use at most 35 characters',
    );
    const receive = announcedReceive();
    const tabbed = {
      ...receive,
      receiveLines: [receive.receiveLines[0], { ...receive.receiveLines[1], productCode: 'MI\tLK' }],
    };
    expect((await (await deliver(tabbed)).json()).data.reason).toMatch(
      /^Not a readable receive: receiveLines\.1\.productCode: Must not contain control characters/,
    );
    expect(await records.find('order', 'SO-1')).toBeNull();
    expect(await records.find('receive', 'PO-1')).toBeNull();
  });

  it('reads PascalCase members as the operator may send them', async () => {
    const { records, deliver } = await consoleWithIndex();
    const { primaryReference, orderLines, shipments, ...rest } = enteredOrder({
      primaryReference: 'SO-PASCAL',
    });
    await deliver({
      ...rest,
      PrimaryReference: primaryReference,
      OrderLines: orderLines,
      Shipments: shipments,
    });
    expect((await records.find('order', 'SO-PASCAL'))?.kind).toBe('order');
  });
});

describe('search over the index', () => {
  it('finds an order by what a customer quotes, saying which field matched', async () => {
    const { records, deliver } = await consoleWithIndex();
    await deliver(
      enteredOrder({
        primaryReference: 'SO-100003',
        secondaryReference: 'WEB-1234567',
        shipToAddress: {
          address: { addressLine1: '1 Main St', postalCode: '78701', organization: 'Acme Corp' },
          contact: {
            personName: 'Jane Doe',
            emailAddress: 'Jane.Doe@Example.com',
            phoneNumber: '+1 (555) 010-2030',
          },
        },
      }),
    );
    const matched = async (q: string) =>
      (await records.search(readSearchQuery(q), { limit: 5 }))[0]?.match.field;
    // A delivery's search terms are written within 100 ms, not in its commit (record-writes.ts).
    await vi.waitFor(async () => expect(await matched('jan')).toBe('shipTo.personName'), { interval: 5 });
    expect(await matched('so-100003')).toBe('primaryReference');
    expect(await matched('#1234567')).toBe('secondaryReference');
    expect(await matched('web 1234567')).toBe('secondaryReference');
    expect(await matched('jane.doe@example.com')).toBe('shipTo.emailAddress');
    expect(await matched('jan')).toBe('shipTo.personName');
    expect(await matched('doe jane')).toBe('shipTo.personName');
    expect(await matched('555-010-2030')).toBe('shipTo.phoneNumber');
    expect(await matched('5550102030')).toBe('shipTo.phoneNumber');
    expect(await matched('78701')).toBe('shipTo.postalCode');
    expect(await matched('TEE-S')).toBe('productCode');
    expect(await matched('nothing-like-it')).toBeUndefined();
  });

  it('finds a phone written nationally, ranks a person above a sales channel, and is not crowded out by other groups', {
    timeout: budgets.largeIndex,
  }, async () => {
    const { records } = await consoleWithIndex();
    const order = async (reference: string, overrides: Partial<Order>) => {
      const document = readWarehouseDocument(enteredOrder({ primaryReference: reference, ...overrides }));
      if (isUnreadable(document)) throw new Error(document.reason);
      await records.apply(document, 'sync');
    };
    await order('SO-FR', {
      shipToAddress: {
        address: { addressLine1: '1 rue', organization: 'Café' },
        contact: { phoneNumber: '+33 1 99 50 84 69' },
      },
    });
    await order('SO-MARK', {
      shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName: 'Mark Twain' } },
    });
    await order('SO-1702400', {});
    for (let index = 0; index < 150; index++) {
      order(`SO-NOISE-${index}`, {
        additionalReferences: [{ key: 'channel', value: 'marketplace' }],
        shipToAddress: {
          address: { addressLine1: '1 Main St' },
          contact: { phoneNumber: `+1 702 4${String(index).padStart(6, '0')}` },
        },
      });
    }
    const first = async (q: string) => (await records.search(readSearchQuery(q), { limit: 5 }))[0];
    expect((await first('01 99 50 84 69'))?.record.reference).toBe('SO-FR');
    expect((await first('mark'))?.record.reference).toBe('SO-MARK');
    expect((await first('17024'))?.record.reference).toBe('SO-1702400');
    // Two characters find an exact reference only.
    expect(await records.search(readSearchQuery('SO'), { limit: 5 })).toEqual([]);
  });

  it('keeps the terms of a version whose search values are unchanged, and replaces them when they change', async () => {
    const { records, deliver } = await consoleWithIndex();
    const version = (minute: number, personName: string) =>
      enteredOrder({
        primaryReference: 'SO-200001',
        dateLastUpdated: at(minute),
        shipToAddress: { address: { addressLine1: '1 Main St' }, contact: { personName } },
      });
    const found = async (q: string) =>
      (await records.search(readSearchQuery(q), { limit: 5 })).map((match) => match.record.updatedMs);
    await deliver(version(1, 'Jane Doe'));
    await deliver(version(2, 'Jane Doe'));
    await vi.waitFor(async () => expect(await found('jane')).toEqual([Date.parse(at(2))]), { interval: 5 });
    await deliver(version(3, 'Mary Major'));
    expect(await found('jane')).toEqual([]);
    await vi.waitFor(async () => expect(await found('mary')).toEqual([Date.parse(at(3))]), { interval: 5 });
  });

  it('refuses a delivery for another organization, or naming none, with 200 rejected and a reason, and stores nothing', async () => {
    const { records, deliver } = await consoleWithIndex('north');
    const refused = [
      await deliver(enteredOrder({ primaryReference: 'SHARED-REF' }), {
        headers: { 'x-webhook-token': token, 'organization-slug': 'south' },
      }),
      await deliver(enteredOrder({ primaryReference: 'SHARED-REF' })),
    ];
    for (const response of refused) {
      expect(response.status).toBe(200);
      expect((await response.json()).data).toMatchObject({
        outcome: 'rejected',
        reason: expect.stringContaining('this console indexes north'),
      });
    }
    expect(await records.find('order', 'SHARED-REF')).toBeNull();
    expect(await records.intakeSummary()).toMatchObject({ rejected: 2, stored: 0 });
    const own = await deliver(enteredOrder({ primaryReference: 'SHARED-REF' }), {
      headers: { 'x-webhook-token': token, 'organization-slug': 'north' },
    });
    expect((await own.json()).data).toMatchObject({ outcome: 'stored' });
  });
});
