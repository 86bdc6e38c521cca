import type { MiddlewareHandler } from 'hono';
import { type AccessMode, type Permission, permissionWords, roleLabels } from '../../contract/access';
import type { ConsoleRoute } from '../../contract/console-route';
import type { Person, ServerEnv } from '../server-env';
import { errorResponse } from './error-envelope';

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

/** Why nobody is asking: a console with no accounts beyond loopback serves nothing; else sign in. */
export function notSignedIn(mode: AccessMode): Response {
  if (mode === 'locked') {
    return errorResponse(
      503,
      'sign_in_not_configured',
      'Sign-in is not set up',
      'The console listens beyond this machine and has no accounts yet, so it serves no data. Add one with `npm run users -- add NAME --role admin` on the server.',
    );
  }
  return errorResponse(
    401,
    'sign_in_required',
    'Sign in first',
    'Your session has ended or you have not signed in.',
  );
}

/**
 * Someone signed in (or the local person of an open console), set as the request's `person`; else 401 (or
 * 503 while sign-in is not set up).
 */
export const signedIn: MiddlewareHandler<ServerEnv> = async (c, next) => {
  const { mode, person } = await c.get('whoIsAsking')();
  if (person === null) return notSignedIn(mode);
  c.set('person', person);
  return next();
};

/**
 * The guard a route's declared access makes, the only one it has: none for anyone; a person signed in; a
 * person whose role holds the permission; or, for the operator's webhooks, the route's own token check.
 */
export function guardOf(
  access: ConsoleRoute['access'],
  token: MiddlewareHandler<ServerEnv> | undefined,
): MiddlewareHandler<ServerEnv>[] {
  if (access === 'anyone') return [];
  if (access === 'webhook-token') {
    if (!token) throw new Error('A route declared for the webhook token needs its token check');
    return [token];
  }
  if (access === 'signed-in') return [signedIn];
  return [signedIn, async (c, next) => refusalFor(c.get('person'), access) ?? next()];
}
