import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { permissions, type Role } from '../../contract/access';
import { auditLogPageSchema } from '../../contract/audit-log';
import { sqliteSharedStores } from '../database/shared-stores';
import type { AccountStore } from '../store/account-store';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { startEchoUpstream } from '../testing/echo-upstream';
import { pageRequests, problemOf } from '../testing/page-requests';
import { upstreamConsoleApp } from '../testing/test-console-app';

const password = 'a long enough password';
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;

beforeAll(async () => {
  upstream = await startEchoUpstream();
});
afterAll(() => upstream?.close());

function consoleApp(env: Record<string, string> = {}, consoleDb = openConsoleDatabase(':memory:')) {
  return { send: pageRequests(upstreamConsoleApp({ upstreamUrl: upstream.url, env, consoleDb })) };
}

async function withAccounts(accounts: [string, Role][], env: Record<string, string> = {}) {
  const consoleDb = openConsoleDatabase(':memory:');
  const store = createSqliteAccountStore(consoleDb);
  for (const [name, role] of accounts) await store.add(name, role, password);
  return consoleApp(env, consoleDb);
}

async function signIn(send: ReturnType<typeof consoleApp>['send'], name: string) {
  const response = await send('/api/session', { method: 'POST', body: { name, password } });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie') ?? '';
  return { cookie: cookie.split(';')[0] as string, header: cookie };
}

describe('who may use the console', () => {
  it('on loopback without accounts is open: everyone is the local user, with every permission', async () => {
    const response = await consoleApp().send('/api/session');
    expect((await response.json()).data).toEqual({
      mode: 'open',
      user: { name: 'local', role: 'admin', permissions: [...permissions] },
      singleSignOn: false,
    });
  });

  it('bound beyond loopback without accounts serves no data (503) and says how to set up sign-in', async () => {
    const before = upstream.received.length;
    const { send } = consoleApp({ HOST: '0.0.0.0' });
    expect((await (await send('/api/session')).json()).data).toMatchObject({ mode: 'locked', user: null });
    for (const path of ['/api/config', '/api/warehouse/v1/orders?PrimaryReference=SO-1', '/api/audit-log']) {
      const response = await send(path);
      expect(response.status, path).toBe(503);
      expect((await problemOf(response))?.detail).toContain('npm run users -- add');
    }
    expect(upstream.received.length).toBe(before);
  });

  it('with accounts asks everyone to sign in, even on loopback', async () => {
    const before = upstream.received.length;
    const { send } = await withAccounts([['ana', 'support']]);
    const response = await send('/api/warehouse/v1/orders?PrimaryReference=SO-1');
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toMatchObject({ code: 'sign_in_required' });
    expect((await send('/api/config')).status).toBe(401);
    expect(upstream.received.length).toBe(before);
  });

  it('signs in with a strict, HttpOnly session cookie, serves data with it, and signs out for good', async () => {
    const { send } = await withAccounts([['ana', 'support']]);
    const { cookie, header } = await signIn(send, 'ANA');
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Max-Age=43200/);
    const session = await (await send('/api/session', { headers: { cookie } })).json();
    expect(session.data.user).toMatchObject({ name: 'ana', role: 'support' });
    expect((await send('/api/config', { headers: { cookie } })).status).toBe(200);

    const out = await send('/api/session', { method: 'DELETE', headers: { cookie } });
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await send('/api/config', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a wrong password and an unknown name alike, pointing at the password', async () => {
    const { send } = await withAccounts([['ana', 'support']]);
    for (const attempt of [
      { name: 'ana', password: 'not the password' },
      { name: 'nobody', password },
    ]) {
      const response = await send('/api/session', { method: 'POST', body: attempt });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await problemOf(response)).toMatchObject({ source: { pointer: '/password' } });
    }
    const empty = await send('/api/session', { method: 'POST', body: { name: ' ', password: '' } });
    expect(empty.status).toBe(400);
    expect(await problemOf(empty)).toMatchObject({ source: { pointer: '/name' } });
  });

  it('pauses sign-in for a name after five wrong passwords, even for the right one, saying when to retry', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { send } = await withAccounts([['ana', 'support']]);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await send('/api/session', {
        method: 'POST',
        body: { name: 'ana', password: `wrong ${attempt}` },
      });
      expect(response.status).toBe(401);
    }
    const paused = await send('/api/session', { method: 'POST', body: { name: 'ana', password } });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await problemOf(paused)).toMatchObject({ code: 'rate_limited' });
  });

  const aReturn = { subtype: 'RET' };
  it.each([
    ['support', 'POST', '/api/warehouse/v1/orders', {}, 200],
    ['support', 'PATCH', '/api/warehouse/v1/orders/abc', {}, 200],
    ['support', 'POST', '/api/warehouse/v1/receives', aReturn, 200],
    ['support', 'POST', '/api/warehouse/v1/receives', {}, 403],
    ['support', 'POST', '/api/warehouse/v1/products', {}, 403],
    ['support', 'PATCH', '/api/warehouse/v1/products/abc', {}, 403],
    ['merchandiser', 'POST', '/api/warehouse/v1/products', {}, 200],
    ['merchandiser', 'POST', '/api/warehouse/v1/receives', {}, 200],
    ['merchandiser', 'POST', '/api/warehouse/v1/receives', aReturn, 403],
    ['merchandiser', 'PATCH', '/api/warehouse/v1/order/abc', {}, 403],
    ['manager', 'POST', '/api/warehouse/v1/orders', {}, 200],
    ['manager', 'POST', '/api/warehouse/v1/receives', {}, 200],
    ['manager', 'POST', '/api/warehouse/v1/receives', aReturn, 200],
    ['manager', 'POST', '/api/warehouse/v1/products', {}, 200],
    ['admin', 'POST', '/api/warehouse/v1/products', {}, 200],
  ] as const)('a %s %s %s %o gets %i', async (role, method, path, body, status) => {
    const { send } = await withAccounts([['pat', role]]);
    const { cookie } = await signIn(send, 'pat');
    const before = upstream.received.length;
    const response = await send(path, { method, body, headers: { cookie } });
    expect(response.status).toBe(status);
    if (status === 403) {
      expect(await problemOf(response)).toMatchObject({ code: 'forbidden' });
      expect(upstream.received.length).toBe(before);
    }
    // Every role reads everything.
    expect(
      (await send('/api/warehouse/v1/orders?PrimaryReference=SO-1', { headers: { cookie } })).status,
    ).toBe(200);
  });

  it('says in words what the role may not do', async () => {
    const { send } = await withAccounts([['pat', 'merchandiser']]);
    const { cookie } = await signIn(send, 'pat');
    const refused = await send('/api/warehouse/v1/receives', {
      method: 'POST',
      body: aReturn,
      headers: { cookie },
    });
    expect(await problemOf(refused)).toMatchObject({
      detail: 'Your role (Merchandiser) may not announce returns. Ask an administrator if you need it.',
    });
  });

  it('gives each role the permissions of the grant table it is started with, and says them with the session', async () => {
    const { send } = await withAccounts([['pat', 'support']], {
      ROLE_GRANTS: 'returns.write: manager admin, products.write: support',
    });
    const { cookie } = await signIn(send, 'pat');
    const session = await (await send('/api/session', { headers: { cookie } })).json();
    expect(session.data.user.permissions).toEqual(['orders.write', 'products.write', 'exports.download']);
    const aReturnRefused = await send('/api/warehouse/v1/receives', {
      method: 'POST',
      body: aReturn,
      headers: { cookie },
    });
    expect(aReturnRefused.status).toBe(403);
    expect(
      (await send('/api/warehouse/v1/products', { method: 'POST', body: {}, headers: { cookie } })).status,
    ).toBe(200);
  });

  it('pages the audit log by before and limit, and answers 400 naming a parameter it cannot use', async () => {
    const { send } = await withAccounts([['ana', 'support']]);
    const { cookie } = await signIn(send, 'ana');
    await send('/api/warehouse/v1/orders', {
      method: 'POST',
      body: { primaryReference: 'SO-A' },
      headers: { cookie },
    });
    const first = auditLogPageSchema.parse(
      (await (await send('/api/audit-log?limit=1', { headers: { cookie } })).json()).data,
    );
    expect(first.entries.map((entry) => entry.action)).toEqual(['Created order']);
    const next = auditLogPageSchema.parse(
      (
        await (
          await send(`/api/audit-log?limit=1&before=${first.nextBefore}`, { headers: { cookie } })
        ).json()
      ).data,
    );
    expect(next.entries.map((entry) => entry.action)).toEqual(['Signed in']);
    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['before=-3', 'before'],
      ['before=1.5', 'before'],
      ['limit=5&limit=6', 'limit'],
      ['page=2', 'page'],
    ]) {
      const refused = await send(`/api/audit-log?${query}`, { headers: { cookie } });
      expect(refused.status, query).toBe(400);
      expect(await problemOf(refused), query).toMatchObject({
        code: 'validation_failed',
        source: { parameter },
      });
    }
  });

  it('records who made each change, and sign-ins, in the audit log', async () => {
    const { send } = await withAccounts([['ana', 'support']]);
    const { cookie } = await signIn(send, 'ana');
    await send('/api/warehouse/v1/orders', {
      method: 'POST',
      body: { primaryReference: 'SO-LOGGED' },
      headers: { cookie },
    });
    await send('/api/warehouse/v1/products', { method: 'POST', body: {}, headers: { cookie } });
    const page = auditLogPageSchema.parse(
      (await (await send('/api/audit-log', { headers: { cookie } })).json()).data,
    );
    expect(
      page.entries.map(({ person, role, action, target, status }) => ({
        person,
        role,
        action,
        target,
        status,
      })),
    ).toEqual([
      { person: 'ana', role: 'support', action: 'Created product', target: '', status: 403 },
      { person: 'ana', role: 'support', action: 'Created order', target: 'SO-LOGGED', status: 200 },
      { person: 'ana', role: 'support', action: 'Signed in', target: 'ana', status: 200 },
    ]);
  });
});

describe('accounts for administrators', () => {
  it('adds, changes and removes accounts, each in the audit log, refusals too; others get 403', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { send } = await withAccounts([
      ['root', 'admin'],
      ['ana', 'support'],
    ]);
    const admin = (await signIn(send, 'root')).cookie;
    const support = (await signIn(send, 'ana')).cookie;
    expect((await send('/api/accounts', { headers: { cookie: support } })).status).toBe(403);
    expect(
      (
        await send('/api/accounts', {
          method: 'POST',
          body: { name: 'x', role: 'admin', password },
          headers: { cookie: support },
        })
      ).status,
    ).toBe(403);

    const added = await send('/api/accounts', {
      method: 'POST',
      body: { name: 'ben', role: 'merchandiser', password },
      headers: { cookie: admin },
    });
    expect(added.status).toBe(200);
    expect((await signIn(send, 'ben')).cookie).toMatch(/session=/);
    const taken = await send('/api/accounts', {
      method: 'POST',
      body: { name: 'BEN', role: 'support', password },
      headers: { cookie: admin },
    });
    expect(taken.status).toBe(409);
    expect(await problemOf(taken)).toMatchObject({ source: { pointer: '/name' } });
    const huge = await send('/api/accounts', {
      method: 'POST',
      body: { name: 'zed', role: 'support', password: 'x'.repeat(2 * 1024 * 1024) },
      headers: { cookie: admin },
    });
    expect(huge.status).toBe(413);
    const weak = await send('/api/accounts', {
      method: 'POST',
      body: { name: 'cy', role: 'support', password: 'short' },
      headers: { cookie: admin },
    });
    expect(weak.status).toBe(400);
    expect(await problemOf(weak)).toMatchObject({ source: { pointer: '/password' } });

    expect(
      (
        await send('/api/accounts/ben', {
          method: 'PATCH',
          body: { role: 'manager' },
          headers: { cookie: admin },
        })
      ).status,
    ).toBe(200);
    const demoteSelf = await send('/api/accounts/root', {
      method: 'PATCH',
      body: { role: 'support' },
      headers: { cookie: admin },
    });
    expect(demoteSelf.status).toBe(409);
    expect((await send('/api/accounts/root', { method: 'DELETE', headers: { cookie: admin } })).status).toBe(
      409,
    );
    expect((await send('/api/accounts/ben', { method: 'DELETE', headers: { cookie: admin } })).status).toBe(
      200,
    );
    expect((await send('/api/accounts/ben', { method: 'DELETE', headers: { cookie: admin } })).status).toBe(
      404,
    );

    const list = (await (await send('/api/accounts', { headers: { cookie: admin } })).json()).data.accounts;
    expect(list.map((account: { name: string; role: string }) => `${account.name} ${account.role}`)).toEqual([
      'ana support',
      'root admin',
    ]);
    const page = auditLogPageSchema.parse(
      (await (await send('/api/audit-log', { headers: { cookie: admin } })).json()).data,
    );
    expect(
      page.entries
        .filter((entry) => entry.person !== 'ben')
        .map((entry) => `${entry.person} ${entry.action} ${entry.target} ${entry.status}`),
    ).toEqual([
      'root Removed account ben 404',
      'root Removed account ben 200',
      'root Removed account root 409',
      'root Changed account root 409',
      'root Changed account (role manager) ben 200',
      'root Added account  400',
      'root Added account  413',
      'root Added account BEN 409',
      'root Added account (merchandiser) ben 200',
      'ana Added account  403',
      'ana Signed in ana 200',
      'root Signed in root 200',
    ]);
  });

  it('reads the session alone for a signed-in person, and counts the accounts only for a request without one', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    const accounts = createSqliteAccountStore(consoleDb);
    await accounts.add('ana', 'support', password);
    const reads: string[] = [];
    const counted: AccountStore = {
      ...accounts,
      count: () => {
        reads.push('count');
        return accounts.count();
      },
      accountOfSession: (token) => {
        reads.push('session');
        return accounts.accountOfSession(token);
      },
    };
    const send = pageRequests(
      upstreamConsoleApp({
        upstreamUrl: upstream.url,
        consoleDb,
        shared: { ...sqliteSharedStores(consoleDb), accounts: counted },
      }),
    );
    const { cookie } = await signIn(send, 'ana');
    reads.length = 0;
    expect((await send('/api/audit-log', { headers: { cookie } })).status).toBe(200);
    expect(reads).toEqual(['session']);
    reads.length = 0;
    expect((await send('/api/audit-log')).status).toBe(401);
    expect(reads).toEqual(['count']);
  });
});
