import type { Context, Hono } from 'hono';
import {
  type AccessMode,
  defaultGrants,
  type Grants,
  permissions,
  permissionsOf,
} from '../../contract/access';
import {
  getSessionRoute,
  type Session,
  type SessionUser,
  signInRoute,
  signOutRoute,
} from '../../contract/access-schemas';
import { isLoopbackAddress } from '../../http/request-guards';
import { answerData, installRoute } from '../api/console-route';
import type { Person, ServerEnv } from '../server-env';
import type { Account, AccountStore } from '../store/account-store';
import type { AttemptLimitStore } from '../store/attempt-limits';
import type { AuditLog } from '../store/audit-log';
import { createMemoryAttemptLimits } from '../store/memory-attempt-limits';
import { defaultSignInLimits, passwordSignIn, type SignInLimits } from './password-sign-in';
import { createSessionCookies } from './session-cookies';

/** See AccessMode: accounts or single sign-on mean sign-in; without them only loopback stays open. */
export function accessModeOf({
  accountCount,
  host,
  singleSignOn,
}: {
  accountCount: number;
  host: string;
  singleSignOn: boolean;
}): AccessMode {
  if (singleSignOn || accountCount > 0) return 'sign-in';
  return isLoopbackAddress(host) ? 'open' : 'locked';
}

/** Who is asking: a signed-in account, or the local user of an open console. */

/** The person at the keyboard of an open console holds every permission, whatever the grants. */
export const localPerson: Person = { name: 'local', role: 'admin', permissions: [...permissions] };

function sessionUser(person: Person): SessionUser {
  return { name: person.name, role: person.role, permissions: [...person.permissions] };
}

/**
 * Sign-in with local accounts: `GET /api/session` says who is signed in and how the console admits
 * people, `POST /api/session` signs in (rate-limited per name and per address), `DELETE` signs out.
 * `personOf` is what every other `/api` route asks.
 */
export function createAccess({
  accounts,
  auditLog,
  clientAddressOf,
  host,
  secureCookies,
  sessionLifetimeMs,
  singleSignOn = false,
  limits = defaultSignInLimits,
  attemptLimits = createMemoryAttemptLimits(),
  grants = defaultGrants,
}: {
  accounts: AccountStore;
  auditLog: AuditLog;
  /** Who sent a request: the address its limits count against. */
  clientAddressOf: (c: Context<ServerEnv>) => string;
  /** The address the console listens on: loopback may stay open without accounts. */
  host: string;
  secureCookies: boolean;
  sessionLifetimeMs: number;
  singleSignOn?: boolean;
  limits?: SignInLimits;
  /** Where guesses are counted: in this process, or shared by every console on one database. */
  attemptLimits?: AttemptLimitStore;
  /** Which roles may do what (ROLE_GRANTS). */
  grants?: Grants;
}) {
  const personOfAccount = (account: Pick<Account, 'name' | 'role'>): Person => ({
    name: account.name,
    role: account.role,
    permissions: permissionsOf(grants, account.role),
  });
  const sessions = createSessionCookies({ accounts, auditLog, secureCookies, sessionLifetimeMs });

  const mode = async () => accessModeOf({ accountCount: await accounts.count(), host, singleSignOn });

  /**
   * The mode and who asks, for every `/api` request: a live session means accounts exist, so a signed-in
   * person costs one read; the accounts are counted only for a request without one.
   */
  async function accessOf(c: Context): Promise<{ mode: AccessMode; person: Person | null }> {
    const account = await sessions.signedInAccount(c);
    if (account) return { mode: 'sign-in', person: personOfAccount(account) };
    const current = await mode();
    return { mode: current, person: current === 'open' ? localPerson : null };
  }

  async function personOf(c: Context): Promise<Person | null> {
    return (await accessOf(c)).person;
  }

  async function sessionAnswer(c: Context): Promise<Session> {
    const { mode, person } = await accessOf(c);
    return { mode, user: person ? sessionUser(person) : null, singleSignOn };
  }

  const signIn = passwordSignIn({
    accounts,
    auditLog,
    clientAddressOf,
    limits,
    attemptLimits,
    signedIn: async (c, account) => {
      await sessions.openSessionFor(c, account);
      const user = sessionUser(personOfAccount(account));
      return answerData(c, { mode: await mode(), user, singleSignOn });
    },
  });

  function install(app: Hono<ServerEnv>): void {
    installRoute(app, getSessionRoute, async (c) => answerData(c, await sessionAnswer(c)));
    installRoute(app, signInRoute, (c, { body }) => signIn(c, body));
    installRoute(app, signOutRoute, async (c) => {
      await sessions.signOut(c);
      return answerData(c, { mode: await mode(), user: null, singleSignOn });
    });
  }

  return { accessOf, personOf, install, openSessionFor: sessions.openSessionFor };
}
export type Access = ReturnType<typeof createAccess>;
