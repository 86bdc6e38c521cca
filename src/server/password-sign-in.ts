import type { Context } from 'hono';
import type { SignIn } from '../contract/access-schemas';
import { errorResponse } from './error-envelope';
import type { ServerEnv } from './server-env';
import type { Account, AccountStore } from './store/account-store';
import type { AttemptLimitStore } from './store/attempt-limits';
import type { AuditLog } from './store/audit-log';

const failureWindowMs = 15 * 60_000;
/**
 * Password guesses a window allows: per name, enough for one person's typos; per address more, so one
 * office behind one address is not locked out by a few people's typos (each name stops at five), but
 * one sprayer across many names is stopped.
 */
export const defaultSignInLimits = { guessesPerName: 5, guessesPerAddress: 100 };
export type SignInLimits = typeof defaultSignInLimits;

/**
 * `POST /api/session`: signs in with the name and password sent (read by signInSchema), rate-limited per
 * name and per address; a wrong password goes in the audit log (never the password). `signedIn` opens
 * the session and answers.
 */
export function passwordSignIn({
  accounts,
  auditLog,
  clientAddressOf,
  limits,
  attemptLimits,
  signedIn,
}: {
  accounts: AccountStore;
  auditLog: AuditLog;
  /** Who sent a request: the address its limits count against. */
  clientAddressOf: (c: Context<ServerEnv>) => string;
  limits: SignInLimits;
  /** Where guesses are counted: in this process, or shared by every console on one database. */
  attemptLimits: AttemptLimitStore;
  signedIn: (c: Context<ServerEnv>, account: Account) => Promise<Response>;
}): (c: Context<ServerEnv>, signIn: SignIn) => Promise<Response> {
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

  return async (c, signIn) => {
    const address = clientAddressOf(c);
    const name = signIn.name.toLowerCase();
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
    const account = await accounts.checkPassword(signIn.name, signIn.password);
    if (!account) {
      // Bounded by the limits above, so guessing cannot flood the log; the password never goes in.
      await auditLog.record({
        person: name,
        role: null,
        action: 'Sign-in failed',
        target: address,
        status: 401,
      });
      return errorResponse(401, 'unauthorized', 'Sign-in failed', 'The user name or the password is wrong.', {
        pointer: '/password',
      });
    }
    await guessesByName.clear(name);
    await guessesByAddress.giveBack(address);
    return signedIn(c, account);
  };
}
