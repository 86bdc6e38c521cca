import type { Role } from '../../../contract/access';
import { type Account, type AccountStore, accountExists, noAccountNamed } from '../account-store';
import { hashPassword, verifyPassword } from '../password-hash';
import { newSessionToken, sessionTokenHash } from '../session-token';
import type { ConsoleDatabase } from './console-db';

type AccountRow = { id: number; name: string; role: Role; created_ms: number; password_hash: string | null };

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdMs: row.created_ms,
  hasPassword: row.password_hash !== null,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** Accounts and sessions in the console's SQLite database (the tables of console-db.ts's first migration). */
export function createSqliteAccountStore(db: ConsoleDatabase, now: () => number = Date.now): AccountStore {
  const statements = {
    count: db.prepare<[], { count: number }>('SELECT count(*) AS count FROM users'),
    byName: db.prepare<[string], AccountRow>('SELECT * FROM users WHERE name = ?'),
    list: db.prepare<[], AccountRow>('SELECT * FROM users ORDER BY name'),
    insert: db.prepare<[string, Role, string | null, number], AccountRow>(
      'INSERT INTO users (name, role, password_hash, created_ms) VALUES (?, ?, ?, ?) RETURNING *',
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
    if (!statements.byName.get(name)) throw noAccountNamed(name);
  }

  return {
    count: async () => statements.count.get()?.count ?? 0,
    list: async () => statements.list.all().map(toAccount),
    async find(name) {
      const row = statements.byName.get(name);
      return row ? toAccount(row) : null;
    },
    async add(name, role, password) {
      if (statements.byName.get(name)) throw accountExists(name);
      const hash = password === null ? null : await hashPassword(password);
      try {
        // Checked again by the constraint: another add of the name may have come in while this one hashed.
        return toAccount(statements.insert.get(name, role, hash, now()) as AccountRow);
      } catch (error) {
        throw isUniqueViolation(error) ? accountExists(name) : error;
      }
    },
    async setRole(name, role) {
      if (statements.setRole.run(role, name).changes === 0) throw noAccountNamed(name);
    },
    async setPassword(name, password) {
      mustExist(name);
      const hash = await hashPassword(password);
      db.transaction(() => {
        if (statements.setPassword.run(hash, name).changes === 0) throw noAccountNamed(name);
        statements.removeSessionsOf.run(name);
      })();
    },
    async remove(name) {
      if (statements.remove.run(name).changes === 0) throw noAccountNamed(name);
    },
    async endSessionsOf(name) {
      mustExist(name);
      statements.removeSessionsOf.run(name);
    },
    async checkPassword(name, password) {
      const row = statements.byName.get(name);
      const matches = await verifyPassword(password, row?.password_hash ?? null);
      return matches && row ? toAccount(row) : null;
    },
    async openSession(accountId, lifetimeMs) {
      const token = newSessionToken();
      const createdMs = now();
      statements.removeExpired.run(createdMs);
      statements.insertSession.run(sessionTokenHash(token), accountId, createdMs, createdMs + lifetimeMs);
      return { token, expiresMs: createdMs + lifetimeMs };
    },
    async accountOfSession(token) {
      const row = statements.sessionAccount.get(sessionTokenHash(token), now());
      return row ? toAccount(row) : null;
    },
    async closeSession(token) {
      statements.removeSession.run(sessionTokenHash(token));
    },
  };
}
