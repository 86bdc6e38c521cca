import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants, permissionsOf, type Role } from '../../contract/access';
import { auditLogPageSchema } from '../../contract/audit-log';
import { listen } from '../operations/listen';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { closedPort, startEchoUpstream } from '../testing/echo-upstream';
import {
  clientId,
  clientSecret,
  cookieSet,
  signInThroughProvider,
  startOpenIdProvider,
} from '../testing/openid-provider';
import { upstreamConsoleApp } from '../testing/test-console-app';

let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
beforeAll(async () => {
  [provider, upstream] = await Promise.all([startOpenIdProvider(), startEchoUpstream()]);
});
afterAll(() => Promise.all([provider?.close(), upstream?.close()]));

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.close()));
});

/**
 * A console with single sign-on through the test's provider, over HTTP on a free port (its address is
 * its CONSOLE_PUBLIC_URL), with its own database holding `accounts` (without passwords).
 */
async function startConsole({
  env = {},
  accounts = [],
}: {
  env?: Record<string, string>;
  accounts?: [string, Role][];
} = {}) {
  const logLines: string[] = [];
  const consoleDb = openConsoleDatabase(':memory:');
  const store = createSqliteAccountStore(consoleDb);
  for (const [name, role] of accounts) await store.add(name, role, null);
  let app: ReturnType<typeof upstreamConsoleApp> | undefined;
  const server = await listen(
    (request, bindings) => (app as NonNullable<typeof app>).fetch(request, bindings),
    {
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    },
  );
  app = upstreamConsoleApp({
    upstreamUrl: upstream.url,
    env: {
      CONSOLE_PUBLIC_URL: server.url,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      ...env,
    },
    consoleDb,
    log: (line) => logLines.push(line),
  });
  running.push({
    async close() {
      await server.close();
      consoleDb.close();
    },
  });
  return { url: server.url, accounts: store, logLines };
}

describe('single sign-on', () => {
  it('signs a person in through the provider and sends them on to where they were going', async () => {
    const console = await startConsole();
    expect((await fetch(`${console.url}/api/config`)).status).toBe(401);
    const before = await (await fetch(`${console.url}/api/session`)).json();
    expect(before.data).toEqual({ mode: 'sign-in', user: null, singleSignOn: true });

    const { start, authorization, flowCookie, back, session } = await signInThroughProvider(
      console,
      { preferred_username: 'Ana', roles: ['support'] },
      { redirect: '/orders?status=ENT' },
    );
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: `${console.url}/api/session/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
    for (const parameter of ['state', 'nonce', 'code_challenge']) {
      expect(authorization.searchParams.get(parameter)).toMatch(/^[\w-]{20,}$/);
    }
    expect(start.headers.get('cache-control')).toBe('no-store');
    expect(flowCookie?.header).toMatch(/HttpOnly/);
    expect(flowCookie?.header).toMatch(/SameSite=Lax/);
    expect(flowCookie?.header).toMatch(/Max-Age=600/);

    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/orders?status=ENT');
    expect(session?.header).toMatch(/HttpOnly/);
    expect(session?.header).toMatch(/SameSite=Strict/);
    expect(cookieSet(back, 'console_sso_flow')?.header).toMatch(/Max-Age=0/);

    const headers = { cookie: session?.pair ?? '' };
    expect((await fetch(`${console.url}/api/config`, { headers })).status).toBe(200);
    const after = await (await fetch(`${console.url}/api/session`, { headers })).json();
    expect(after.data.user).toEqual({
      name: 'ana',
      role: 'support',
      permissions: permissionsOf(defaultGrants, 'support'),
    });
    expect(await console.accounts.find('ana')).toMatchObject({ role: 'support', hasPassword: false });
    const log = auditLogPageSchema.parse(
      (await (await fetch(`${console.url}/api/audit-log`, { headers })).json()).data,
    );
    expect(log.entries[0]).toMatchObject({ person: 'ana', role: 'support', action: 'Signed in' });
  });

  it.each([
    [
      'the first valid role of a list',
      {},
      { preferred_username: 'pat', roles: ['owner', 'merchandiser', 'admin'] },
      'pat',
      'merchandiser',
    ],
    [
      'a single role named in OIDC_ROLES_CLAIM',
      { OIDC_ROLES_CLAIM: 'console_role' },
      { preferred_username: 'pat', console_role: 'manager', roles: ['admin'] },
      'pat',
      'manager',
    ],
    [
      'the email when there is no preferred_username',
      {},
      { email: 'Bo@Example.com', roles: 'admin' },
      'bo@example.com',
      'admin',
    ],
  ])('takes %s from the ID token', async (_case, env, person, name, role) => {
    const console = await startConsole({ env });
    const { back, session } = await signInThroughProvider(console, person);
    expect(back.headers.get('location')).toBe('/orders');
    const answer = await (
      await fetch(`${console.url}/api/session`, { headers: { cookie: session?.pair ?? '' } })
    ).json();
    expect(answer.data.user).toEqual({ name, role, permissions: permissionsOf(defaultGrants, role as Role) });
  });

  it('lets a local account of that name decide the role, over the claim', async () => {
    const console = await startConsole({ accounts: [['ana', 'manager']] });
    const { session } = await signInThroughProvider(console, { preferred_username: 'ANA', roles: ['admin'] });
    const answer = await (
      await fetch(`${console.url}/api/session`, { headers: { cookie: session?.pair ?? '' } })
    ).json();
    expect(answer.data.user).toEqual({
      name: 'ana',
      role: 'manager',
      permissions: permissionsOf(defaultGrants, 'manager'),
    });
    expect(await console.accounts.list()).toHaveLength(1);
  });

  it('refuses a person with no role, signing nobody in and making no account', async () => {
    const console = await startConsole();
    const { back, session } = await signInThroughProvider(console, {
      preferred_username: 'eve',
      roles: ['owner'],
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/sign-in?error=sso_no_role&redirect=%2Forders');
    expect(session).toBeNull();
    expect(await console.accounts.find('eve')).toBeNull();
  });

  it('refuses an answer whose state was changed, or that comes without the flow cookie', async () => {
    const console = await startConsole();
    const person = { preferred_username: 'ana', roles: ['admin'] };
    const tampered = await signInThroughProvider(console, person, {
      changeCallback: (url) => {
        url.searchParams.set('state', 'a-state-of-the-attackers-choosing');
        return url;
      },
    });
    expect(tampered.back.headers.get('location')).toBe('/sign-in?error=sso_failed&redirect=%2Forders');
    expect(tampered.session).toBeNull();
    expect(console.logLines.at(-1)).toMatch(/callback 302 .* sso_failed .*state/);

    const start = await fetch(`${console.url}/api/session/oidc/start`, { redirect: 'manual' });
    const authorization = new URL(start.headers.get('location') ?? '');
    authorization.searchParams.set('person', JSON.stringify(person));
    const callback = (await fetch(authorization, { redirect: 'manual' })).headers.get('location') ?? '';
    const withoutCookie = await fetch(callback, { redirect: 'manual' });
    expect(withoutCookie.headers.get('location')).toBe('/sign-in?error=sso_expired');
    expect(cookieSet(withoutCookie, 'console_session')).toBeNull();
    expect(await console.accounts.count()).toBe(0);
  });

  it.each([
    ['meant for another client', { aud: 'another-client' }],
    ['from another issuer', { iss: 'http://127.0.0.1:1' }],
    ['of another sign-in (its nonce)', { nonce: 'a-nonce-of-another-sign-in' }],
    ['that has expired', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['signed with a key the provider does not publish', { forged_signature: true }],
  ])('refuses an ID token %s', async (_case, forged) => {
    const console = await startConsole();
    const { back, session } = await signInThroughProvider(console, {
      preferred_username: 'ana',
      roles: ['admin'],
      ...forged,
    });
    expect(back.headers.get('location')).toBe('/sign-in?error=sso_failed&redirect=%2Forders');
    expect(session).toBeNull();
    expect(await console.accounts.count()).toBe(0);
  });

  it('says the provider refused when it sends back an error instead of a code', async () => {
    const console = await startConsole();
    const { back, session } = await signInThroughProvider(
      console,
      { preferred_username: 'ana', roles: ['admin'] },
      {
        changeCallback: (url) => {
          url.searchParams.delete('code');
          url.searchParams.set('error', 'access_denied');
          return url;
        },
      },
    );
    expect(back.headers.get('location')).toBe('/sign-in?error=sso_denied&redirect=%2Forders');
    expect(session).toBeNull();
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', 'orders'])(
    'lands on / instead of the redirect %j',
    async (redirect) => {
      const console = await startConsole();
      const { back, session } = await signInThroughProvider(
        console,
        { preferred_username: 'ana', roles: ['admin'] },
        { redirect },
      );
      expect(back.headers.get('location')).toBe('/');
      expect(session).not.toBeNull();
    },
  );

  it('sends people back to sign-in saying the provider is unreachable when it is', async () => {
    const console = await startConsole({ env: { OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}` } });
    const start = await fetch(`${console.url}/api/session/oidc/start?redirect=/products`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/sign-in?error=sso_unavailable&redirect=%2Fproducts');
    expect(cookieSet(start, 'console_sso_flow')).toBeNull();
  });

  it('keeps password sign-in for accounts that have a password', async () => {
    const console = await startConsole();
    await console.accounts.add('ana', 'support', 'a long enough password');
    const response = await fetch(`${console.url}/api/session`, {
      method: 'POST',
      headers: { origin: console.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ana', password: 'a long enough password' }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      mode: 'sign-in',
      user: { name: 'ana', role: 'support', permissions: permissionsOf(defaultGrants, 'support') },
      singleSignOn: true,
    });
  });

  it('answers only GET on its routes', async () => {
    const console = await startConsole();
    for (const path of ['/api/session/oidc/start', '/api/session/oidc/callback']) {
      const response = await fetch(`${console.url}${path}`, {
        method: 'POST',
        headers: { origin: console.url, 'content-type': 'application/json' },
        redirect: 'manual',
      });
      expect(response.status, path).toBe(404);
    }
  });
});
