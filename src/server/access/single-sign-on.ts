import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as oidc from 'openid-client';
import { type Role, readLocalPath, roles, type SingleSignOnError } from '../../contract/access';
import {
  accountNameSchema,
  finishSingleSignOnRoute,
  startSingleSignOnRoute,
} from '../../contract/access-schemas';
import { isLoopbackAddress } from '../../http/request-guards';
import type { SingleSignOnSettings } from '../config/config';
import type { ServerEnv } from '../server-env';
import type { Account, AccountStore } from '../store/account-store';

export const singleSignOnPaths = {
  start: `/api${startSingleSignOnRoute.path}`,
  callback: `/api${finishSingleSignOnRoute.path}`,
} as const;

/**
 * Long enough to sign in at the provider (a password, a second factor), short enough to be of little use
 * later.
 */
const flowLifetimeSeconds = 10 * 60;
/** `redirect=` and nothing else: a local path of at most 1,000 characters, encoded. */
const maxStartQueryLength = 4 * 1024;
/** A code, a state, `iss` and `session_state` fit in far less; anything longer is not the provider's. */
const maxCallbackQueryLength = 8 * 1024;
/** The flow cookie as this server writes it is a few hundred bytes past the redirect path. */
const maxFlowCookieLength = 4 * 1024;
/** How long a person waits at most for the provider's discovery, keys or token endpoint. */
const providerTimeoutSeconds = 10;

/** What the console remembers between sending a person to the provider and their coming back. */
type Flow = { state: string; nonce: string; codeVerifier: string; redirect: string };

function encodeFlow(flow: Flow): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

function decodeFlow(value: string | undefined): Flow | null {
  if (value === undefined || value.length > maxFlowCookieLength) return null;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const fields = [flow?.state, flow?.nonce, flow?.codeVerifier, flow?.redirect];
    return fields.every((field) => typeof field === 'string' && field !== '')
      ? { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, redirect: flow.redirect }
      : null;
  } catch {
    return null;
  }
}

function isRole(value: unknown): value is Role {
  return (roles as readonly unknown[]).includes(value);
}

/** The first role the claim names, whether it holds one name or a list of them. */
function roleFromClaim(claim: unknown): Role | null {
  const names: unknown[] = Array.isArray(claim) ? claim : [claim];
  return names.find(isRole) ?? null;
}

/** `preferred_username`, else `email` (unless the provider says it is unverified), lowercased. */
function personNameOf(claims: oidc.IDToken): string | null {
  const candidates = [claims.preferred_username, claims.email_verified === false ? undefined : claims.email];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const parsed = accountNameSchema.safeParse(candidate.toLowerCase());
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** For the log line: what went wrong, escaped and bounded, as a provider's error text may carry anything. */
function loggable(reason: unknown): string {
  let text = String(reason);
  if (reason instanceof Error) {
    const { error, cause } = reason as Error & { error?: unknown };
    text = `${reason.name}: ${reason.message}`;
    // A provider's refusal names itself (invalid_grant, invalid_client …); openid-client puts the check
    // that failed (the state, the ID token's audience …) in the cause.
    if (typeof error === 'string') text += ` (${error})`;
    if (cause instanceof Error) text += `: ${cause.message}`;
  }
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text).slice(1, -1);
}

/**
 * The provider's configuration, discovered at the first sign-in rather than at start, so a provider that
 * is down does not keep the console (and password sign-in) from starting; a failed discovery is tried
 * again next time.
 */
function discoveredProvider(settings: SingleSignOnSettings): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | null = null;
  return () => {
    discovered ??= oidc
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        // Basic is the method every provider must accept (RFC 6749 §2.3.1).
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: providerTimeoutSeconds,
          execute: [
            // The ID token comes straight from the token endpoint, so OpenID Connect lets a client rely on
            // TLS
            // instead of its signature, and openid-client does by default. We check the signature against the
            // provider's published keys as well: one cached request, and no trust left to the transport
            // alone.
            oidc.enableNonRepudiationChecks,
            // openid-client speaks only https. Plain http is let through for a provider on this machine (a
            // test's, a developer's), where no one between can read or change the tokens; config.ts refuses
            // http anywhere else.
            ...(settings.issuer.protocol === 'http:' && isLoopbackAddress(settings.issuer.hostname)
              ? [oidc.allowInsecureRequests]
              : []),
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
}

/** The flow cookie: set as the person leaves for the provider, read once as they come back. */
function flowCookie(secureCookies: boolean) {
  const name = secureCookies ? '__Host-console_sso_flow' : 'console_sso_flow';
  return {
    write(c: Context<ServerEnv>, flow: Flow): void {
      setCookie(c, name, encodeFlow(flow), {
        httpOnly: true,
        // Lax, not Strict: the way back is a navigation from the provider's site, which a Strict cookie
        // would not accompany.
        sameSite: 'Lax',
        secure: secureCookies,
        path: '/',
        maxAge: flowLifetimeSeconds,
      });
    },
    take(c: Context<ServerEnv>): Flow | null {
      const flow = decodeFlow(getCookie(c, name));
      // One use only, whatever comes of it.
      deleteCookie(c, name, { path: '/', secure: secureCookies });
      return flow;
    },
  };
}

/** A new flow that ends at `redirect`, and the provider's address where it begins. */
async function startFlow(
  configuration: oidc.Configuration,
  redirectUri: URL,
  redirect: string,
): Promise<{ flow: Flow; authorizationUrl: URL }> {
  const flow: Flow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirect,
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri.href,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { flow, authorizationUrl };
}

/** The ID token's claims from the provider's answer `query` to `flow`; throws when a check fails. */
async function claimsOfAnswer(
  configuration: oidc.Configuration,
  redirectUri: URL,
  query: string,
  flow: Flow,
): Promise<oidc.IDToken | undefined> {
  // The address the provider was told to send the person to, with its answer: behind a proxy the
  // request's own URL may name another host or scheme.
  const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${redirectUri.href}${query}`), {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  return tokens.claims();
}

/**
 * Single sign-on with an OpenID Connect provider (authorization code with PKCE, state and nonce):
 * `GET /api/session/oidc/start?redirect=/path` sends the person to the provider, and
 * `GET /api/session/oidc/callback` takes them back, signs them in and sends them on to the path. A local
 * account of the same name decides the role; otherwise the ID token's roles claim does, and the account is
 * created then (without a password). Every failure goes back to `/sign-in?error=<SingleSignOnError>`.
 */
export function createSingleSignOn({
  settings,
  accounts,
  openSessionFor,
  secureCookies,
}: {
  settings: SingleSignOnSettings;
  accounts: AccountStore;
  openSessionFor: (c: Context, account: Account) => Promise<void>;
  secureCookies: boolean;
}) {
  const flows = flowCookie(secureCookies);
  const consoleOrigin = settings.redirectUri.origin;
  const provider = discoveredProvider(settings);

  /** A 302 to a path of the console, rebuilt from its parts so the Location header holds only ASCII. */
  function redirectTo(c: Context<ServerEnv>, path: string): Response {
    const target = new URL(readLocalPath(path), consoleOrigin);
    const location =
      target.origin === consoleOrigin ? `${target.pathname}${target.search}${target.hash}` : '/';
    return c.redirect(location, 302);
  }

  function refuse(c: Context<ServerEnv>, error: SingleSignOnError, redirect: string, reason: unknown) {
    c.set('logNote', `${error} ${loggable(reason)}`);
    const search = new URLSearchParams({ error });
    if (redirect !== '/') search.set('redirect', redirect);
    return redirectTo(c, `/sign-in?${search}`);
  }

  function rawQuery(c: Context<ServerEnv>): string {
    return new URL(c.req.url).search;
  }

  function install(app: Hono<ServerEnv>): void {
    app.get(singleSignOnPaths.start, async (c) => {
      c.header('cache-control', 'no-store');
      const redirect =
        rawQuery(c).length <= maxStartQueryLength ? readLocalPath(c.req.query('redirect')) : '/';
      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        return refuse(c, 'sso_unavailable', redirect, error);
      }
      const { flow, authorizationUrl } = await startFlow(configuration, settings.redirectUri, redirect);
      flows.write(c, flow);
      return c.redirect(authorizationUrl.href, 302);
    });

    app.get(singleSignOnPaths.callback, async (c) => {
      c.header('cache-control', 'no-store');
      const flow = flows.take(c);
      if (flow === null) return refuse(c, 'sso_expired', '/', 'no sign-in under way in this browser');
      const query = rawQuery(c);
      if (query.length > maxCallbackQueryLength) {
        return refuse(c, 'sso_failed', flow.redirect, `query of ${query.length} characters`);
      }
      const providerError = new URLSearchParams(query).get('error');
      if (providerError !== null) {
        return refuse(c, 'sso_denied', flow.redirect, `the provider answered ${providerError}`);
      }

      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        return refuse(c, 'sso_unavailable', flow.redirect, error);
      }
      let claims: oidc.IDToken | undefined;
      try {
        claims = await claimsOfAnswer(configuration, settings.redirectUri, query, flow);
      } catch (error) {
        return refuse(c, 'sso_failed', flow.redirect, error);
      }
      if (claims === undefined) return refuse(c, 'sso_failed', flow.redirect, 'no ID token');

      const name = personNameOf(claims);
      if (name === null) return refuse(c, 'sso_no_name', flow.redirect, `subject ${claims.sub}`);
      const existing = await accounts.find(name);
      const role = existing?.role ?? roleFromClaim(claims[settings.rolesClaim]);
      if (role === null) return refuse(c, 'sso_no_role', flow.redirect, `for ${name}`);
      const account = existing ?? (await accounts.add(name, role, null));
      await openSessionFor(c, account);
      // The page this lands on is loaded by a navigation that began at the provider, so the Strict session
      // cookie does not come with it; the page's own requests to /api, from this origin, carry it.
      return redirectTo(c, flow.redirect);
    });
  }

  return { install };
}
