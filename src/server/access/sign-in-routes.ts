import type { Context, Hono, MiddlewareHandler } from 'hono';
import { signedIn } from '../api/route-access';
import type { ServerConfig } from '../config/config';
import type { SharedStores } from '../database/shared-stores';
import type { ServerEnv } from '../server-env';
import { type Access, createAccess } from './access';
import type { SignInLimits } from './password-sign-in';
import { createSingleSignOn } from './single-sign-on';

/** What the console forwards to the warehouse (and its sandbox): the interface's own operations. */
const forwardedPaths = ['/api/warehouse/*', '/api/sandbox/*'];

/**
 * Signing in and out at `/api/session` with a password, and through the provider when single sign-on is
 * set up; gives back the access every other route asks who is signed in.
 */
export function installSignIn(
  app: Hono<ServerEnv>,
  {
    config,
    shared,
    clientAddressOf,
    signInLimits,
    limitBody,
  }: {
    config: ServerConfig;
    shared: SharedStores;
    clientAddressOf: (c: Context<ServerEnv>) => string;
    signInLimits?: SignInLimits;
    limitBody: MiddlewareHandler<ServerEnv>;
  },
): Access {
  const { accounts, auditLog } = shared;
  const secureCookies = config.publicUrl?.protocol === 'https:';
  const access = createAccess({
    accounts,
    auditLog,
    clientAddressOf,
    host: config.host,
    secureCookies,
    sessionLifetimeMs: config.sessionHours * 3_600_000,
    singleSignOn: config.singleSignOn !== null,
    limits: signInLimits,
    attemptLimits: shared.attemptLimits,
    grants: config.grants,
  });
  app.post('/api/session', limitBody);
  access.install(app);
  if (config.singleSignOn !== null) {
    createSingleSignOn({
      settings: config.singleSignOn,
      accounts,
      openSessionFor: access.openSessionFor,
      secureCookies,
    }).install(app);
  }
  return access;
}

/**
 * Who is asking, for the guards that need to know (route-access.ts): read at most once a request, and
 * only when a route's declared access asks. The warehouse's interface at `/api/warehouse/v1/*` (and the
 * sandbox's operator actions) is forwarded for anyone signed in; what each change needs is the forward's.
 */
export function installAccessGuards(app: Hono<ServerEnv>, access: Access): void {
  app.use('/api/*', async (c, next) => {
    let asked: ReturnType<Access['accessOf']> | undefined;
    c.set('whoIsAsking', () => {
      asked ??= access.accessOf(c);
      return asked;
    });
    return next();
  });
  for (const forwarded of forwardedPaths) app.use(forwarded, signedIn);
}
