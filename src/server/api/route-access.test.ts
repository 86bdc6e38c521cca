import { describe, expect, it } from 'vitest';
import { defaultGrants, type Role, roles } from '../../contract/access';
import { consoleRoutes } from '../../contract/console-api';
import type { ConsoleRoute } from '../../contract/console-route';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { testConsoleApp } from '../testing/test-console-app';

const password = 'a long enough password';
const host = '127.0.0.1:3000';
const origin = `http://${host}`;

/** A console with one account per role (sign-in on), and each role's session cookie. */
async function consoleWithEveryRole() {
  const consoleDb = openConsoleDatabase(':memory:');
  const accounts = createSqliteAccountStore(consoleDb);
  for (const role of roles) await accounts.add(`${role}-user`, role, password);
  const app = testConsoleApp({ consoleDb, webhookToken: 'the operator token' });
  const cookies = {} as Record<Role, string>;
  for (const role of roles) {
    const signedIn = await app.request('/api/session', {
      method: 'POST',
      headers: { host, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${role}-user`, password }),
    });
    expect(signedIn.status, role).toBe(200);
    cookies[role] = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
  }
  return { app, cookies };
}

/** The route's path with a value in each parameter that its schema takes. */
const samplePath = (route: ConsoleRoute) =>
  `/api${route.path}`.replace(':kind', 'order').replace(':reference', 'SO-1').replace(':name', 'nobody-here');

/** Asks `route` as the console's page would, with `cookie` (or as nobody), and gives back the status. */
async function statusOf(
  app: ReturnType<typeof testConsoleApp>,
  route: ConsoleRoute,
  cookie: string | null,
): Promise<number> {
  const changes = route.method !== 'GET';
  const giveUp = new AbortController();
  const response = await app.request(samplePath(route), {
    method: route.method,
    headers: {
      host,
      ...(cookie ? { cookie } : {}),
      ...(changes ? { origin, 'content-type': 'application/json' } : {}),
    },
    body: changes && route.method !== 'DELETE' ? '{}' : undefined,
    signal: giveUp.signal,
  });
  // A live stream goes on: its status is all that is asked.
  await response.body?.cancel();
  giveUp.abort();
  return response.status;
}

/** What the declaration says a person of `role` (null: nobody signed in) gets from `route`. */
function expectedOf(route: ConsoleRoute, role: Role | null): 'allowed' | 401 | 403 {
  if (route.access === 'anyone') return 'allowed';
  if (route.access === 'webhook-token' || role === null) return 401;
  if (route.access === 'signed-in') return 'allowed';
  return defaultGrants[route.access].includes(role) ? 'allowed' : 403;
}

describe('every declared route, asked by every role', () => {
  it('answers as its declaration says: 401 before sign-in, 403 without the permission, else lets it through', async () => {
    const { app, cookies } = await consoleWithEveryRole();
    const seen: string[] = [];
    const wrong: string[] = [];
    // Signing out ends the session each role asks with: last.
    const routes = (Object.entries(consoleRoutes) as [string, ConsoleRoute][]).sort(
      ([a], [b]) => Number(a === 'signOut') - Number(b === 'signOut'),
    );
    for (const [name, route] of routes) {
      for (const role of [null, ...roles]) {
        const status = await statusOf(app, route, role === null ? null : cookies[role]);
        const expected = expectedOf(route, role);
        const fits = expected === 'allowed' ? status !== 401 && status !== 403 : status === expected;
        seen.push(`${name} ${role ?? 'nobody'} ${status}`);
        if (!fits)
          wrong.push(`${name} (${route.access}) as ${role ?? 'nobody'}: ${status}, declared ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toHaveLength(Object.keys(consoleRoutes).length * (roles.length + 1));
  }, 60_000);

  it('takes the operator’s webhook with its token whatever the session', async () => {
    const { app } = await consoleWithEveryRole();
    const delivery = await app.request('/api/webhooks/warehouse?token=the%20operator%20token', {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(delivery.status).toBe(200);
  });
});
