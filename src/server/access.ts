import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  type AccessMode,
  defaultGrants,
  type Grants,
  type Permission,
  permissions,
  permissionsOf,
  permissionWords,
  roleLabels,
} from '@/contract/access';
import { type Session, type SessionUser, signInSchema } from '@/contract/access-schemas';
import { isLoopbackAddress } from '@/http/request-guards';
import { errorResponse } from './error-envelope';
import type { Person, ServerEnv } from './server-env';
import type { Account, AccountStore } from './store/account-store';
import type { ActivityLog } from './store/activity-log';
import type { AttemptLimitStore } from './store/attempt-limits';
import { createMemoryAttemptLimits } from './store/memory-attempt-limits';

const failureWindowMs = 15 * 60_000;
/**
 * Password guesses a window allows: per name, enough for one person's typos; per address more, so one
 * office behind one address is not locked out by a few people's typos (each name stops at five), but
 * one sprayer across many names is stopped.
 */
export const defaultSignInLimits = { guessesPerName: 5, guessesPerAddress: 100 };
export type SignInLimits = typeof defaultSignInLimits;

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
  activity,
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
  activity: ActivityLog;
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
  const cookieName = secureCookies ? '__Host-console_session' : 'console_session';
  const guessesByName = attemptLimits({
    scope: 'sign-in name',
    limit: limits.guessesPerName,
    windowMs: failureWindowMs,
  });
  const guessesByAddress = attemptLimits({
    scope: 'sign-in address',
    limit: limits.guessesPerAddress,
    windowMs: failureWindowMs,
  });

  /**
   * Counts a guess for `name` from `address` before its password is checked (0), or says how long to
   * wait: checks run concurrently, so counting only once one has failed let any number through at once.
   */
  async function reserveGuess(name: string, address: string): Promise<number> {
    const nameWaitMs = await guessesByName.take(name);
    if (nameWaitMs > 0) return nameWaitMs;
    const addressWaitMs = await guessesByAddress.take(address);
    if (addressWaitMs > 0) await guessesByName.giveBack(name);
    return addressWaitMs;
  }

  const mode = async () => accessModeOf({ accountCount: await accounts.count(), host, singleSignOn });

  async function signedInAccount(c: Context): Promise<Account | null> {
    const token = getCookie(c, cookieName);
    return token ? accounts.accountOfSession(token) : null;
  }

  /**
   * The mode and who asks, for every `/api` request: a live session means accounts exist, so a signed-in
   * person costs one read; the accounts are counted only for a request without one.
   */
  async function accessOf(c: Context): Promise<{ mode: AccessMode; person: Person | null }> {
    const account = await signedInAccount(c);
    if (account) return { mode: 'sign-in', person: personOfAccount(account) };
    const current = await mode();
    return { mode: current, person: current === 'open' ? localPerson : null };
  }

  async function personOf(c: Context): Promise<Person | null> {
    return (await accessOf(c)).person;
  }

  async function openSessionFor(c: Context, account: Account): Promise<void> {
    const { token } = await accounts.openSession(account.id, sessionLifetimeMs);
    setCookie(c, cookieName, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: secureCookies,
      path: '/',
      maxAge: Math.floor(sessionLifetimeMs / 1000),
    });
    await activity.record({
      person: account.name,
      role: account.role,
      action: 'Signed in',
      target: account.name,
      status: 200,
    });
  }

  async function sessionAnswer(c: Context): Promise<Session> {
    const { mode, person } = await accessOf(c);
    return { mode, user: person ? sessionUser(person) : null, singleSignOn };
  }

  function install(app: Hono<ServerEnv>): void {
    app.get('/api/session', async (c) =>
      c.json(envelopeOf(await sessionAnswer(c)), 200, { 'cache-control': 'no-store' }),
    );

    app.post('/api/session', async (c) => {
      const address = clientAddressOf(c);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return errorResponse(
          400,
          'validation_failed',
          'The sign-in is not readable',
          'Send your name and password as JSON.',
        );
      }
      const parsed = signInSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return errorResponse(
          400,
          'validation_failed',
          'Sign-in incomplete',
          issue?.message ?? 'Enter your name and password.',
          {
            pointer: `/${issue?.path.join('/') ?? ''}`,
          },
        );
      }
      const name = parsed.data.name.toLowerCase();
      const waitMs = await reserveGuess(name, address);
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        return errorResponse(
          429,
          'rate_limited',
          'Too many failed sign-ins',
          `Sign-in is paused after several wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } },
        );
      }
      const account = await accounts.checkPassword(parsed.data.name, parsed.data.password);
      if (!account) {
        // Bounded by the limits above, so guessing cannot flood the log; the password never goes in.
        await activity.record({
          person: name,
          role: null,
          action: 'Sign-in failed',
          target: address,
          status: 401,
        });
        return errorResponse(
          401,
          'unauthorized',
          'Sign-in failed',
          'The user name or the password is wrong.',
          {
            pointer: '/password',
          },
        );
      }
      await guessesByName.clear(name);
      await guessesByAddress.giveBack(address);
      await openSessionFor(c, account);
      const user = sessionUser(personOfAccount(account));
      return c.json(envelopeOf({ mode: await mode(), user, singleSignOn }), 200, {
        'cache-control': 'no-store',
      });
    });

    app.delete('/api/session', async (c) => {
      const token = getCookie(c, cookieName);
      const account = await signedInAccount(c);
      if (token) await accounts.closeSession(token);
      if (account)
        await activity.record({
          person: account.name,
          role: account.role,
          action: 'Signed out',
          target: account.name,
          status: 200,
        });
      deleteCookie(c, cookieName, { path: '/', secure: secureCookies });
      return c.json(envelopeOf({ mode: await mode(), user: null, singleSignOn }), 200, {
        'cache-control': 'no-store',
      });
    });
  }

  return { accessOf, personOf, install, openSessionFor };
}
export type Access = ReturnType<typeof createAccess>;

function envelopeOf<T>(data: T) {
  return { data, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] };
}

/** Refuses a person who holds none of `allowedBy` (one permission or several), in the envelope. */
export function refusalFor(person: Person, ...allowedBy: [Permission, ...Permission[]]): Response | null {
  if (allowedBy.some((permission) => person.permissions.includes(permission))) return null;
  return errorResponse(
    403,
    'forbidden',
    'Not allowed for your role',
    `Your role (${roleLabels[person.role]}) may not ${permissionWords[allowedBy[0]]}. Ask an administrator if you need it.`,
  );
}
