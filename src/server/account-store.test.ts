import { describe, expect, it } from 'vitest';
import { AccountError, createAccountStore } from './account-store';
import { openConsoleDatabase } from './console-db';

const password = 'correct horse battery';

function store() {
  let clock = 1_000_000;
  const db = openConsoleDatabase(':memory:');
  return { db, accounts: createAccountStore(db, () => clock), advance: (ms: number) => (clock += ms) };
}

describe('accounts', () => {
  it('keeps only a salted scrypt hash of the password, and checks it', async () => {
    const { db, accounts } = store();
    await accounts.add('ana', 'support', password);
    await accounts.add('ben', 'support', password);
    const hashes = db.prepare('SELECT password_hash AS hash FROM users').all() as { hash: string }[];
    for (const { hash } of hashes) {
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(hash).not.toContain(password);
    }
    expect(hashes[0]?.hash).not.toBe(hashes[1]?.hash);
    expect(await accounts.checkPassword('ANA', password)).toMatchObject({ name: 'ana', role: 'support' });
    expect(await accounts.checkPassword('ana', `${password}!`)).toBeNull();
    expect(await accounts.checkPassword('nobody', password)).toBeNull();
  });

  it('refuses a second account of the same name in any letter case, and changes to missing ones', async () => {
    const { accounts } = store();
    await accounts.add('ana', 'support', password);
    await expect(accounts.add('ANA', 'admin', password)).rejects.toThrow(AccountError);
    expect(() => accounts.setRole('nobody', 'admin')).toThrow(/no account named nobody/);
    expect(() => accounts.remove('nobody')).toThrow(AccountError);
  });

  it('opens sessions that end at their expiry, on sign-out, on a new password and with the account', async () => {
    const { accounts, advance } = store();
    const ana = await accounts.add('ana', 'support', password);
    const expiring = accounts.openSession(ana.id, 60_000);
    expect(accounts.accountOfSession(expiring.token)?.name).toBe('ana');
    advance(60_000);
    expect(accounts.accountOfSession(expiring.token)).toBeNull();

    const closed = accounts.openSession(ana.id, 60_000);
    accounts.closeSession(closed.token);
    expect(accounts.accountOfSession(closed.token)).toBeNull();

    const beforeNewPassword = accounts.openSession(ana.id, 60_000);
    await accounts.setPassword('ana', 'another long password');
    expect(accounts.accountOfSession(beforeNewPassword.token)).toBeNull();

    const beforeRemoval = accounts.openSession(ana.id, 60_000);
    accounts.remove('ana');
    expect(accounts.accountOfSession(beforeRemoval.token)).toBeNull();
    expect(accounts.accountOfSession('made-up-token')).toBeNull();
  });

  it('reads a changed role at the next request of an open session', async () => {
    const { accounts } = store();
    const ana = await accounts.add('ana', 'support', password);
    const { token } = accounts.openSession(ana.id, 60_000);
    accounts.setRole('ana', 'manager');
    expect(accounts.accountOfSession(token)?.role).toBe('manager');
  });
});
