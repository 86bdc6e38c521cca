import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../database/postgres-schema';
import { createTestPostgresSchema } from '../testing/test-postgres-schema';
import { AccountError, type AccountStore } from './account-store';
import { createPostgresAccountStore } from './postgres/postgres-account-store';
import { openConsoleDatabase } from './sqlite/console-db';
import { createSqliteAccountStore } from './sqlite/sqlite-account-store';

const password = 'correct horse battery';

type OpenedStore = { accounts: AccountStore; passwordHashes(): Promise<string[]>; close(): Promise<void> };

/** The two adapters, each over a database of the test's own, on a clock the test moves. */
const engines: { engine: string; open(now: () => number): Promise<OpenedStore> }[] = [
  {
    engine: 'SQLite',
    async open(now) {
      const db = openConsoleDatabase(':memory:');
      return {
        accounts: createSqliteAccountStore(db, now),
        passwordHashes: async () =>
          (db.prepare('SELECT password_hash AS hash FROM users').all() as { hash: string }[]).map(
            (r) => r.hash,
          ),
        close: async () => {
          db.close();
        },
      };
    },
  },
  {
    engine: 'PostgreSQL',
    async open(now) {
      const schema = await createTestPostgresSchema();
      const db = await openPostgresDatabase(schema.url);
      return {
        accounts: createPostgresAccountStore(db, now),
        passwordHashes: async () =>
          (await db.query<{ hash: string }>('SELECT password_hash AS hash FROM users')).rows.map(
            (r) => r.hash,
          ),
        async close() {
          await db.end();
          await schema.drop();
        },
      };
    },
  },
];

describe.each(engines)('accounts on $engine', ({ open }) => {
  let opened: OpenedStore | null = null;
  afterEach(() => opened?.close());

  async function store() {
    let clock = 1_000_000;
    opened = await open(() => clock);
    return { ...opened, advance: (ms: number) => (clock += ms) };
  }

  it('keeps only a salted scrypt hash of the password, and checks it', async () => {
    const { accounts, passwordHashes } = await store();
    await accounts.add('ana', 'support', password);
    await accounts.add('ben', 'support', password);
    const hashes = await passwordHashes();
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) {
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(hash).not.toContain(password);
    }
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(await accounts.checkPassword('ANA', password)).toMatchObject({ name: 'ana', role: 'support' });
    expect(await accounts.checkPassword('ana', `${password}!`)).toBeNull();
    expect(await accounts.checkPassword('nobody', password)).toBeNull();
  });

  it('adds, counts, finds in any letter case and lists by name', async () => {
    const { accounts } = await store();
    expect(await accounts.count()).toBe(0);
    expect(await accounts.list()).toEqual([]);
    const carl = await accounts.add('Carl', 'merchandiser', password);
    expect(carl).toEqual({
      id: carl.id,
      name: 'Carl',
      role: 'merchandiser',
      createdMs: 1_000_000,
      hasPassword: true,
    });
    await accounts.add('ana', 'admin', null);
    await accounts.add('Ben', 'manager', password);
    expect(await accounts.count()).toBe(3);
    expect(await accounts.find('carl')).toEqual(carl);
    expect(await accounts.find('nobody')).toBeNull();
    expect(
      (await accounts.list()).map(({ name, role, hasPassword }) => ({ name, role, hasPassword })),
    ).toEqual([
      { name: 'ana', role: 'admin', hasPassword: false },
      { name: 'Ben', role: 'manager', hasPassword: true },
      { name: 'Carl', role: 'merchandiser', hasPassword: true },
    ]);
  });

  it('refuses a second account of the same name in any letter case, and changes to missing ones', async () => {
    const { accounts } = await store();
    await accounts.add('ana', 'support', password);
    await expect(accounts.add('ANA', 'admin', password)).rejects.toThrow(AccountError);
    await expect(accounts.setRole('nobody', 'admin')).rejects.toThrow(/no account named nobody/);
    await expect(accounts.setPassword('nobody', password)).rejects.toThrow(AccountError);
    await expect(accounts.endSessionsOf('nobody')).rejects.toThrow(AccountError);
    await expect(accounts.remove('nobody')).rejects.toThrow(AccountError);
  });

  it('refuses one of two adds of the same name made at once', async () => {
    const { accounts } = await store();
    const results = await Promise.allSettled([
      accounts.add('ana', 'support', password),
      accounts.add('Ana', 'admin', password),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(AccountError);
    expect(await accounts.count()).toBe(1);
  });

  it('changes a role and removes an account, in any letter case', async () => {
    const { accounts } = await store();
    await accounts.add('ana', 'support', password);
    await accounts.setRole('ANA', 'manager');
    expect((await accounts.find('ana'))?.role).toBe('manager');
    await accounts.remove('Ana');
    expect(await accounts.count()).toBe(0);
  });

  it('opens sessions that end at their expiry, on sign-out, on a new password and with the account', async () => {
    const { accounts, advance } = await store();
    const ana = await accounts.add('ana', 'support', password);
    const expiring = await accounts.openSession(ana.id, 60_000);
    expect(expiring.expiresMs).toBe(1_060_000);
    expect((await accounts.accountOfSession(expiring.token))?.name).toBe('ana');
    advance(60_000);
    expect(await accounts.accountOfSession(expiring.token)).toBeNull();

    const closed = await accounts.openSession(ana.id, 60_000);
    await accounts.closeSession(closed.token);
    expect(await accounts.accountOfSession(closed.token)).toBeNull();

    const beforeNewPassword = await accounts.openSession(ana.id, 60_000);
    await accounts.setPassword('ana', 'another long password');
    expect(await accounts.accountOfSession(beforeNewPassword.token)).toBeNull();
    expect(await accounts.checkPassword('ana', 'another long password')).toMatchObject({ name: 'ana' });

    const beforeRemoval = await accounts.openSession(ana.id, 60_000);
    await accounts.remove('ana');
    expect(await accounts.accountOfSession(beforeRemoval.token)).toBeNull();
    expect(await accounts.accountOfSession('made-up-token')).toBeNull();
  });

  it("ends every session of one person and no one else's", async () => {
    const { accounts } = await store();
    const ana = await accounts.add('ana', 'support', password);
    const ben = await accounts.add('ben', 'support', password);
    const anaAtWork = await accounts.openSession(ana.id, 60_000);
    const anaAtHome = await accounts.openSession(ana.id, 60_000);
    const bens = await accounts.openSession(ben.id, 60_000);
    await accounts.endSessionsOf('ANA');
    expect(await accounts.accountOfSession(anaAtWork.token)).toBeNull();
    expect(await accounts.accountOfSession(anaAtHome.token)).toBeNull();
    expect((await accounts.accountOfSession(bens.token))?.name).toBe('ben');
  });

  it('reads a changed role at the next request of an open session', async () => {
    const { accounts } = await store();
    const ana = await accounts.add('ana', 'support', password);
    const { token } = await accounts.openSession(ana.id, 60_000);
    await accounts.setRole('ana', 'manager');
    expect((await accounts.accountOfSession(token))?.role).toBe('manager');
  });
});
