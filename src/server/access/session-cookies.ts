import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Account, AccountStore } from '../store/account-store';
import type { AuditLog } from '../store/audit-log';

/**
 * The session cookie of a signed-in account: set at sign-in (a password's or single sign-on's), read on
 * every request, cleared at sign-out; each sign-in and sign-out in the audit log.
 */
export function createSessionCookies({
  accounts,
  auditLog,
  secureCookies,
  sessionLifetimeMs,
}: {
  accounts: AccountStore;
  auditLog: AuditLog;
  secureCookies: boolean;
  sessionLifetimeMs: number;
}) {
  const cookieName = secureCookies ? '__Host-console_session' : 'console_session';

  async function signedInAccount(c: Context): Promise<Account | null> {
    const token = getCookie(c, cookieName);
    return token ? accounts.accountOfSession(token) : null;
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
    await auditLog.record({
      person: account.name,
      role: account.role,
      action: 'Signed in',
      target: account.name,
      status: 200,
    });
  }

  async function signOut(c: Context): Promise<void> {
    const token = getCookie(c, cookieName);
    const account = await signedInAccount(c);
    if (token) await accounts.closeSession(token);
    if (account)
      await auditLog.record({
        person: account.name,
        role: account.role,
        action: 'Signed out',
        target: account.name,
        status: 200,
      });
    deleteCookie(c, cookieName, { path: '/', secure: secureCookies });
  }

  return { signedInAccount, openSessionFor, signOut };
}
