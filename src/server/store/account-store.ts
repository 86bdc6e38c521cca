import type { Role } from '../../contract/access';

export type Account = { id: number; name: string; role: Role; createdMs: number; hasPassword: boolean };

export class AccountError extends Error {}

/**
 * Accounts and sessions: the port every caller (routes, the access guard, single sign-on, `npm run users`)
 * goes through. Two adapters hold them: sqlite-account-store.ts (one console, the default) and
 * postgres-account-store.ts (several consoles sharing accounts and sessions). account-store.test.ts holds
 * both to the same answers. Names are unique whatever their letter case.
 */
export interface AccountStore {
  count(): Promise<number>;
  /** Ordered by name, letter case aside. */
  list(): Promise<Account[]>;
  find(name: string): Promise<Account | null>;
  /** A password of null makes an account that signs in only through single sign-on. */
  add(name: string, role: Role, password: string | null): Promise<Account>;
  setRole(name: string, role: Role): Promise<void>;
  /** A new password ends the account's sessions: whoever knew the old one is signed out. */
  setPassword(name: string, password: string): Promise<void>;
  /** Removes the account and its sessions. */
  remove(name: string): Promise<void>;
  endSessionsOf(name: string): Promise<void>;
  /** The account when name and password match, else null (in the same time either way). */
  checkPassword(name: string, password: string): Promise<Account | null>;
  /** Opens a session for `accountId` lasting `lifetimeMs`; the token goes only into the cookie. */
  openSession(accountId: number, lifetimeMs: number): Promise<{ token: string; expiresMs: number }>;
  /** The account of an open, unexpired session, read afresh (a changed role counts at once). */
  accountOfSession(token: string): Promise<Account | null>;
  closeSession(token: string): Promise<void>;
}

export const noAccountNamed = (name: string) => new AccountError(`There is no account named ${name}`);
export const accountExists = (name: string) => new AccountError(`An account named ${name} already exists`);
