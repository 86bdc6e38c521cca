import type { Context } from 'hono';
import type { SignIn } from '../../contract/access-schemas';
import { errorResponse } from '../api/error-envelope';
import type { ServerEnv } from '../server-env';
import type { Account, AccountStore } from '../store/account-store';
import type { AttemptLimitStore } from '../store/attempt-limits';
import type { AuditLog } from '../store/audit-log';

const failureWindowMs = 15 * 60_000;
const dayMs = 24 * 60 * 60_000;
/** How long an address where a name signed in stays its known place. */
const knownPlaceMs = 90 * dayMs;

/**
 * Password guesses allowed, each counted before its password is checked:
 * - per name at one address, in 15 minutes: enough for one person's typos; a stranger elsewhere who guesses
 *   wrong five times locks out only their own address;
 * - per address across names, in 15 minutes: more, so an office behind one address is not locked out by a
 *   few people's typos, but one sprayer across many names is stopped;
 * - per name across addresses, in a day: slower and longer, against guessing one name from many addresses.
 *   Not counted at the name's known places (where it signed in within 90 days), so a stranger who spends
 *   it cannot keep a person out of their usual place.
 */
export const defaultSignInLimits = {
  guessesPerNameAtAddress: 5,
  guessesPerAddress: 100,
  guessesPerNamePerDay: 50,
};
export type SignInLimits = typeof defaultSignInLimits;

/**
 * `POST /api/session`: signs in with the name and password sent (read by signInSchema), within the limits
 * above; a wrong password goes in the audit log (never the password). `signedIn` opens the session and
 * answers.
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
  const rules = {
    nameAtAddress: attemptLimits({
      scope: 'sign-in name at address',
      limit: limits.guessesPerNameAtAddress,
      windowMs: failureWindowMs,
    }),
    address: attemptLimits({
      scope: 'sign-in address',
      limit: limits.guessesPerAddress,
      windowMs: failureWindowMs,
    }),
    name: attemptLimits({ scope: 'sign-in name', limit: limits.guessesPerNamePerDay, windowMs: dayMs }),
  };
  // A place is marked by taking its one attempt: it waits (is known) until the mark expires.
  const knownPlaces = attemptLimits({ scope: 'sign-in known place', limit: 1, windowMs: knownPlaceMs });

  /**
   * Counts a guess against each rule that applies before its password is checked, or says how long to wait
   * (giving back what it took): checks run concurrently, so counting only once one has failed let any
   * number through at once. Answers what it took, to give back after a success.
   */
  async function reserveGuess(
    keys: Record<keyof typeof rules, string>,
    known: boolean,
  ): Promise<{ waitMs: number; taken: (keyof typeof rules)[] }> {
    const taken: (keyof typeof rules)[] = [];
    for (const rule of known
      ? (['nameAtAddress'] as const)
      : (['nameAtAddress', 'name', 'address'] as const)) {
      const waitMs = await rules[rule].take(keys[rule]);
      if (waitMs > 0) {
        await giveBack(keys, taken);
        return { waitMs, taken: [] };
      }
      taken.push(rule);
    }
    return { waitMs: 0, taken };
  }
  const giveBack = async (keys: Record<keyof typeof rules, string>, taken: (keyof typeof rules)[]) => {
    for (const rule of taken) await rules[rule].giveBack(keys[rule]);
  };

  return async (c, signIn) => {
    const address = clientAddressOf(c);
    const name = signIn.name.toLowerCase();
    // As JSON: PostgreSQL's text holds no NUL to join them with.
    const keys = { nameAtAddress: JSON.stringify([name, address]), address, name };
    const known = (await knownPlaces.waitMs(keys.nameAtAddress)) > 0;
    const { waitMs, taken } = await reserveGuess(keys, known);
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
    let account: Account | null;
    try {
      account = await accounts.checkPassword(signIn.name, signIn.password);
    } catch (error) {
      // Not checked (the hashing line was full): not a guess.
      await giveBack(keys, taken);
      throw error;
    }
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
    await rules.nameAtAddress.clear(keys.nameAtAddress);
    await giveBack(
      keys,
      taken.filter((rule) => rule !== 'nameAtAddress'),
    );
    await knownPlaces.clear(keys.nameAtAddress);
    await knownPlaces.take(keys.nameAtAddress);
    return signedIn(c, account);
  };
}
