import type { Role } from '../../../contract/access';
import { type Account, type AccountStore, accountExists, noAccountNamed } from '../account-store';
import { hashPassword, verifyPassword } from '../password-hash';
import { newSessionToken, sessionTokenHash } from '../session-token';
import type { PostgresDatabase } from './postgres-database';

/** bigint columns arrive as strings: pg will not guess whether a number fits JavaScript's. */
type AccountRow = { id: number; name: string; role: Role; created_ms: string; password_hash: string | null };

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdMs: Number(row.created_ms),
  hasPassword: row.password_hash !== null,
});

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

// lower(name) is what the unique index holds.
const byName = 'lower(name) = lower($1)';

/**
 * Accounts and sessions in PostgreSQL, shared by every console on the database: a session opened on one is
 * valid on all. Each change is one statement, so it is atomic without a transaction of its own.
 */
export function createPostgresAccountStore(db: PostgresDatabase, now: () => number = Date.now): AccountStore {
  async function one(sql: string, values: unknown[]): Promise<Account | null> {
    const { rows } = await db.query<AccountRow>(sql, values);
    return rows[0] ? toAccount(rows[0]) : null;
  }
  async function mustExist(name: string): Promise<void> {
    if (!(await one(`SELECT * FROM users WHERE ${byName}`, [name]))) throw noAccountNamed(name);
  }

  return {
    async count() {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM users');
      return rows[0]?.count ?? 0;
    },
    async list() {
      // COLLATE "C": by code point, as SQLite orders, whatever the database's locale.
      const { rows } = await db.query<AccountRow>('SELECT * FROM users ORDER BY lower(name) COLLATE "C"');
      return rows.map(toAccount);
    },
    find: (name) => one(`SELECT * FROM users WHERE ${byName}`, [name]),
    async add(name, role, password) {
      if (await one(`SELECT * FROM users WHERE ${byName}`, [name])) throw accountExists(name);
      const hash = password === null ? null : await hashPassword(password);
      try {
        const added = await one(
          'INSERT INTO users (name, role, password_hash, created_ms) VALUES ($1, $2, $3, $4) RETURNING *',
          [name, role, hash, now()],
        );
        return added as Account;
      } catch (error) {
        // Another console (or request) may have added the name while this one hashed.
        throw isUniqueViolation(error) ? accountExists(name) : error;
      }
    },
    async setRole(name, role) {
      const { rowCount } = await db.query(`UPDATE users SET role = $2 WHERE ${byName}`, [name, role]);
      if (rowCount === 0) throw noAccountNamed(name);
    },
    async setPassword(name, password) {
      await mustExist(name);
      const hash = await hashPassword(password);
      const { rows } = await db.query<{ changed: number }>(
        `WITH changed AS (UPDATE users SET password_hash = $2 WHERE ${byName} RETURNING id),
           ended AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM changed))
         SELECT count(*)::integer AS changed FROM changed`,
        [name, hash],
      );
      if (rows[0]?.changed === 0) throw noAccountNamed(name);
    },
    async remove(name) {
      const { rowCount } = await db.query(`DELETE FROM users WHERE ${byName}`, [name]);
      if (rowCount === 0) throw noAccountNamed(name);
    },
    async endSessionsOf(name) {
      const { rows } = await db.query<{ found: number }>(
        `WITH person AS (SELECT id FROM users WHERE ${byName}),
           ended AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM person))
         SELECT count(*)::integer AS found FROM person`,
        [name],
      );
      if (rows[0]?.found === 0) throw noAccountNamed(name);
    },
    async checkPassword(name, password) {
      const { rows } = await db.query<AccountRow>(`SELECT * FROM users WHERE ${byName}`, [name]);
      const row = rows[0];
      const matches = await verifyPassword(password, row?.password_hash ?? null);
      return matches && row ? toAccount(row) : null;
    },
    async openSession(accountId, lifetimeMs) {
      const token = newSessionToken();
      const createdMs = now();
      await db.query(
        `WITH expired AS (DELETE FROM sessions WHERE expires_ms <= $3)
         INSERT INTO sessions (token_hash, user_id, created_ms, expires_ms) VALUES ($1, $2, $3, $4)`,
        [sessionTokenHash(token), accountId, createdMs, createdMs + lifetimeMs],
      );
      return { token, expiresMs: createdMs + lifetimeMs };
    },
    accountOfSession: (token) =>
      one(
        `SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = $1 AND sessions.expires_ms > $2`,
        [sessionTokenHash(token), now()],
      ),
    async closeSession(token) {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [sessionTokenHash(token)]);
    },
  };
}
