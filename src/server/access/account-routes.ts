import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Grants } from '../../contract/access';
import {
  addAccountRoute,
  changeAccountRoute,
  listAccountsRoute,
  removeAccountRoute,
} from '../../contract/access-schemas';
import type { ConsoleRoute } from '../../contract/console-route';
import { answerData, type DeclaredRequest, installRoute } from '../api/console-route';
import { errorResponse } from '../api/error-envelope';
import type { ServerEnv } from '../server-env';
import { AccountError, type AccountStore } from '../store/account-store';
import type { AuditLog } from '../store/audit-log';

/** What a change of `method` does to an account, in the audit log's words. */
const actionOf: Record<string, string> = {
  POST: 'Added account',
  PATCH: 'Changed account',
  DELETE: 'Removed account',
};

/** Where the account routes keep accounts and record each change. */
type AccountRouteStores = { accounts: AccountStore; auditLog: AuditLog };

/**
 * Installs a change to accounts, guarded and read by its declaration: every refusal (a role that may not,
 * a bad request, a name taken or missing) goes into the audit log, named by the account in its path or
 * body, if it names one.
 */
function installChange<R extends ConsoleRoute>(
  app: Hono<ServerEnv>,
  route: R,
  stores: AccountRouteStores,
  change: (
    c: Context<ServerEnv>,
    request: DeclaredRequest<R>,
    stores: AccountRouteStores,
  ) => Promise<Response>,
  limitBody: MiddlewareHandler<ServerEnv>,
): void {
  installRoute(app, route, (c, request) => change(c, request, stores), {
    before: [limitBody],
    audit: async (c, status) => {
      if (status < 400) return;
      const person = c.get('person');
      await stores.auditLog.record({
        person: person.name,
        role: person.role,
        action: actionOf[c.req.method] ?? c.req.method,
        // A request refused before its body was read goes in without the name it sent.
        target: c.req.param('name') ?? c.get('auditTarget') ?? '',
        status,
      });
    },
  });
}

/** `POST /api/accounts`: a new account, unless its name is taken. */
async function addAccount(
  c: Context<ServerEnv>,
  { body: { name, role, password } }: DeclaredRequest<typeof addAccountRoute>,
  { accounts, auditLog }: AccountRouteStores,
) {
  c.set('auditTarget', name);
  if (await accounts.find(name)) {
    return errorResponse(409, 'conflict', 'The name is taken', `An account named ${name} already exists.`, {
      pointer: '/name',
    });
  }
  await accounts.add(name, role, password);
  const person = c.get('person');
  await auditLog.record({
    person: person.name,
    role: person.role,
    action: `Added account (${role})`,
    target: name,
    status: 200,
  });
  return answerData(c, { name, role });
}

/** `PATCH /api/accounts/:name`: a new role or password; an administrator keeps their own role. */
async function changeAccount(
  c: Context<ServerEnv>,
  { params: { name }, body: { role, password } }: DeclaredRequest<typeof changeAccountRoute>,
  { accounts, auditLog }: AccountRouteStores,
) {
  const person = c.get('person');
  if (!(await accounts.find(name)))
    return errorResponse(404, 'not_found', 'No such account', `There is no account named ${name}.`);
  if (role && role !== 'admin' && name.toLowerCase() === person.name.toLowerCase()) {
    return errorResponse(
      409,
      'conflict',
      'Keep your own role',
      'You cannot take the administrator role from yourself; ask another administrator.',
      { pointer: '/role' },
    );
  }
  if (role) await accounts.setRole(name, role);
  if (password) await accounts.setPassword(name, password);
  const what = [role ? `role ${role}` : null, password ? 'new password' : null].filter(Boolean).join(', ');
  await auditLog.record({
    person: person.name,
    role: person.role,
    action: `Changed account (${what})`,
    target: name,
    status: 200,
  });
  return answerData(c, { name, role: (await accounts.find(name))?.role });
}

/** `DELETE /api/accounts/:name`: removes an account other than the administrator's own. */
async function removeAccount(
  c: Context<ServerEnv>,
  { params: { name } }: DeclaredRequest<typeof removeAccountRoute>,
  { accounts, auditLog }: AccountRouteStores,
) {
  const person = c.get('person');
  if (name.toLowerCase() === person.name.toLowerCase()) {
    return errorResponse(
      409,
      'conflict',
      'Keep your own account',
      'You cannot remove your own account; ask another administrator.',
    );
  }
  try {
    await accounts.remove(name);
  } catch (error) {
    if (error instanceof AccountError)
      return errorResponse(404, 'not_found', 'No such account', error.message);
    throw error;
  }
  await auditLog.record({
    person: person.name,
    role: person.role,
    action: 'Removed account',
    target: name,
    status: 200,
  });
  return answerData(c, { name });
}

/**
 * Accounts for administrators (`/api/accounts`): the same store as `npm run users`, each change in the
 * audit log, refused ones too. An administrator cannot remove or demote themself, so the console
 * keeps one.
 */
export function installAccountRoutes(
  app: Hono<ServerEnv>,
  {
    accounts,
    auditLog,
    limitBody,
    grants,
  }: {
    accounts: AccountStore;
    auditLog: AuditLog;
    limitBody: MiddlewareHandler<ServerEnv>;
    grants: Grants;
  },
): void {
  installRoute(app, listAccountsRoute, async (c) =>
    answerData(c, {
      accounts: (await accounts.list()).map((account) => ({
        name: account.name,
        role: account.role,
        createdAt: new Date(account.createdMs).toISOString(),
        singleSignOnOnly: !account.hasPassword,
      })),
      grants,
    }),
  );

  const stores = { accounts, auditLog };
  installChange(app, addAccountRoute, stores, addAccount, limitBody);
  installChange(app, changeAccountRoute, stores, changeAccount, limitBody);
  installChange(app, removeAccountRoute, stores, removeAccount, limitBody);
}
