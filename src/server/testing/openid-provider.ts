import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect } from 'vitest';

export const clientId = 'warehouse-console';
export const clientSecret = 'the client secret';

/** Who signs in at the provider: the claims it puts into the ID token, over the standard ones. */
export type ProviderPerson = Record<string, unknown>;

/**
 * A tiny OpenID provider on 127.0.0.1: discovery, keys, an authorization endpoint that signs in whoever
 * the address names (`person=<JSON claims>`, added by the test as a person would type at a login page) and
 * a token endpoint that checks the client, the code and its PKCE verifier and returns an RS256 ID token.
 * The person's claims go into the ID token over the standard ones, so a test can forge those too.
 */
export async function startOpenIdProvider() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  // Signs the ID tokens of a person with `forged_signature: true`: what someone without the provider's key
  // would make.
  const { privateKey: unpublishedKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<
    string,
    { person: ProviderPerson; nonce: string; challenge: string; redirectUri: string }
  >();
  let issuer = '';

  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      body += chunk;
    });
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', issuer);
      const json = (status: number, value: unknown) => {
        outgoing.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        outgoing.end(JSON.stringify(value));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const query = url.searchParams;
        const redirectUri = query.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        const person = query.get('person');
        if (query.get('client_id') !== clientId || query.get('response_type') !== 'code' || person === null) {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('base64url');
          grants.set(code, {
            person: JSON.parse(person),
            nonce: query.get('nonce') ?? '',
            challenge: query.get('code_challenge') ?? '',
            redirectUri,
          });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', query.get('state') ?? '');
        outgoing.writeHead(302, { location: back.href });
        return outgoing.end();
      }
      if (url.pathname === '/token' && incoming.method === 'POST') {
        const form = new URLSearchParams(body);
        // RFC 6749 §2.3.1: id and secret each form-encoded, then joined with a colon.
        const credentials = Buffer.from(
          (incoming.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        )
          .toString()
          .split(':')
          .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code);
        const verifier = form.get('code_verifier') ?? '';
        if (
          credentials[0] !== clientId ||
          credentials[1] !== clientSecret ||
          grant === undefined ||
          createHash('sha256').update(verifier).digest('base64url') !== grant.challenge ||
          form.get('redirect_uri') !== grant.redirectUri
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        const idToken = await new SignJWT({
          iss: issuer,
          aud: clientId,
          sub: String(grant.person.preferred_username ?? grant.person.email ?? 'someone'),
          nonce: grant.nonce,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 300,
          ...grant.person,
        })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .sign(grant.person.forged_signature ? unpublishedKey : privateKey);
        return json(200, {
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `name=value` of the cookie `name` that `response` sets, or null. */
export function cookieSet(response: Response, name: string): { pair: string; header: string } | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header ? { pair: header.split(';')[0] as string, header } : null;
}

/**
 * What a browser does: the console's start link, the provider's login as `person`, back to the callback
 * with the flow cookie. `changeCallback` lets a test tamper with the address the provider sends back.
 */
export async function signInThroughProvider(
  console: { url: string },
  person: ProviderPerson,
  { redirect = '/orders', changeCallback = (url: URL) => url } = {},
) {
  const start = await fetch(
    `${console.url}/api/session/oidc/start?redirect=${encodeURIComponent(redirect)}`,
    { redirect: 'manual' },
  );
  expect(start.status).toBe(302);
  const flowCookie = cookieSet(start, 'console_sso_flow');
  const authorization = new URL(start.headers.get('location') ?? '');
  authorization.searchParams.set('person', JSON.stringify(person));
  const atProvider = await fetch(authorization, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = changeCallback(new URL(atProvider.headers.get('location') ?? ''));
  const back = await fetch(callback, {
    redirect: 'manual',
    headers: flowCookie ? { cookie: flowCookie.pair } : {},
  });
  return { start, authorization, flowCookie, back, session: cookieSet(back, 'console_session') };
}
