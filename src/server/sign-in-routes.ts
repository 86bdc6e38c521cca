import type { Context, Hono, MiddlewareHandler } from 'hono';
import { type Access, createAccess } from './access';
import type { ServerConfig } from './config';
import { errorResponse } from './error-envelope';
import type { SignInLimits } from './password-sign-in';
import { webhookPath } from './record-index/intake/webhook-receiver';
import type { ServerEnv } from './server-env';
import { createSingleSignOn, singleSignOnPaths } from './single-sign-on';
import type { SharedStores } from './store/shared-stores';

/** Routes outside sessions: signing in, and (with its own token) the operator's webhooks. */
const publicApiPaths = ['/api/session', singleSignOnPaths.start, singleSignOnPaths.callback, webhookPath];

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
 * Every `/api` route registered after this one but those of signing in and the webhooks needs a signed-in
 * person (or an open console), and finds them in `c.get('person')`.
 */
export function installSignInGate(app: Hono<ServerEnv>, access: Access): void {
  app.use('/api/*', async (c, next) => {
    if (publicApiPaths.includes(c.req.path)) return next();
    const { mode: accessMode, person } = await access.accessOf(c);
    if (accessMode === 'locked') {
      return errorResponse(
        503,
        'sign_in_not_configured',
        'Sign-in is not set up',
        'The console listens beyond this machine and has no accounts yet, so it serves no data. Add one with `npm run users -- add NAME --role admin` on the server.',
      );
    }
    if (person === null) {
      return errorResponse(
        401,
        'sign_in_required',
        'Sign in first',
        'Your session has ended or you have not signed in.',
      );
    }
    c.set('person', person);
    return next();
  });
}
