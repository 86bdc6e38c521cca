import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../contract/access';
import type { ConsoleDatabase } from './console-db';
import { hashPassword, verifyPassword } from './password-hash';

export type Account = { id: number; name: string; role: Role; createdMs: number; hasPassword: boolean };

type AccountRow = { id: number; name: string; role: Role; created_ms: number; password_hash: string | null };

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdMs: row.created_ms,
  hasPassword: row.password_hash !== null,
});

/** Only a hash of a session token is stored: a copy of the database opens no session. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export class AccountError extends Error {}

/** Accounts and sessions in the console's database; every read and write of them goes through here. */
export function createAccountStore(db: ConsoleDatabase, now: () => number = Date.now) {
  const statements = {
    count: db.prepare<[], { count: number }>('SELECT count(*) AS count FROM users'),
    byName: db.prepare<[string], AccountRow>('SELECT * FROM users WHERE name = ?'),
    list: db.prepare<[], AccountRow>('SELECT * FROM users ORDER BY name'),
    insert: db.prepare<[string, Role, string | null, number]>(
      'INSERT INTO users (name, role, password_hash, created_ms) VALUES (?, ?, ?, ?)',
    ),
    setRole: db.prepare<[Role, string]>('UPDATE users SET role = ? WHERE name = ?'),
    setPassword: db.prepare<[string, string]>('UPDATE users SET password_hash = ? WHERE name = ?'),
    remove: db.prepare<[string]>('DELETE FROM users WHERE name = ?'),
    insertSession: db.prepare<[string, number, number, number]>(
      'INSERT INTO sessions (token_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)',
    ),
    sessionAccount: db.prepare<[string, number], AccountRow>(
      `SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id
       WHERE sessions.token_hash = ? AND sessions.expires_ms > ?`,
    ),
    removeSession: db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?'),
    removeSessionsOf: db.prepare<[string]>(
      'DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE name = ?)',
    ),
    removeExpired: db.prepare<[number]>('DELETE FROM sessions WHERE expires_ms <= ?'),
  };

  function mustExist(name: string): void {
    if (!statements.byName.get(name)) throw new AccountError(`There is no account named ${name}`);
  }

  return {
    count: () => statements.count.get()?.count ?? 0,
    list: () => statements.list.all().map(toAccount),
    find: (name: string): Account | null => {
      const row = statements.byName.get(name);
      return row ? toAccount(row) : null;
    },

    /** A password of null makes an account that signs in only through single sign-on. */
    async add(name: string, role: Role, password: string | null): Promise<Account> {
      if (statements.byName.get(name)) throw new AccountError(`An account named ${name} already exists`);
      const hash = password === null ? null : await hashPassword(password);
      statements.insert.run(name, role, hash, now());
      return toAccount(statements.byName.get(name) as AccountRow);
    },
    setRole(name: string, role: Role): void {
      mustExist(name);
      statements.setRole.run(role, name);
    },
    /** A new password ends the account's sessions: whoever knew the old one is signed out. */
    async setPassword(name: string, password: string): Promise<void> {
      mustExist(name);
      const hash = await hashPassword(password);
      db.transaction(() => {
        statements.setPassword.run(hash, name);
        statements.removeSessionsOf.run(name);
      })();
    },
    remove(name: string): void {
      mustExist(name);
      statements.remove.run(name);
    },
    endSessionsOf(name: string): void {
      mustExist(name);
      statements.removeSessionsOf.run(name);
    },

    /** The account when name and password match, else null (in the same time either way). */
    async checkPassword(name: string, password: string): Promise<Account | null> {
      const row = statements.byName.get(name);
      const matches = await verifyPassword(password, row?.password_hash ?? null);
      return matches && row ? toAccount(row) : null;
    },

    /** Opens a session for `accountId` lasting `lifetimeMs`; the token goes only into the cookie. */
    openSession(accountId: number, lifetimeMs: number): { token: string; expiresMs: number } {
      const token = randomBytes(32).toString('base64url');
      const createdMs = now();
      statements.removeExpired.run(createdMs);
      statements.insertSession.run(tokenHash(token), accountId, createdMs, createdMs + lifetimeMs);
      return { token, expiresMs: createdMs + lifetimeMs };
    },
    accountOfSession(token: string): Account | null {
      const row = statements.sessionAccount.get(tokenHash(token), now());
      return row ? toAccount(row) : null;
    },
    closeSession(token: string): void {
      statements.removeSession.run(tokenHash(token));
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
