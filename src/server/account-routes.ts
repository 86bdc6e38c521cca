import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Grants } from '../contract/access';
import { accountChangeSchema, newAccountSchema } from '../contract/access-schemas';
import { isChangeMethod } from '../http/request-guards';
import { refusalFor } from './access';
import { errorResponse } from './error-envelope';
import type { ServerEnv } from './server-env';
import { AccountError, type AccountStore } from './store/account-store';
import type { AuditLog } from './store/audit-log';

const envelope = <T>(data: T) => ({
  data,
  id: crypto.randomUUID().replaceAll('-', ''),
  resource: [],
  errors: [],
});

function validationFailure(issues: readonly z.core.$ZodIssue[]): Response {
  const [first] = issues;
  return errorResponse(
    400,
    'validation_failed',
    'The account is not valid',
    first?.message ?? 'Check the fields.',
    {
      pointer: `/${first?.path.join('/') ?? ''}`,
    },
  );
}

async function readJson(request: Request): Promise<unknown> {
  return request.json().catch(() => undefined);
}

/** What a change of `method` does to an account, in the audit log's words. */
const actionOf: Record<string, string> = {
  POST: 'Added account',
  PATCH: 'Changed account',
  DELETE: 'Removed account',
};

/** Where the account routes keep accounts and record each change. */
type AccountRouteStores = { accounts: AccountStore; auditLog: AuditLog };

/** Records a refused change of the account `target` with the refusal's status, and answers it. */
async function refused(
  c: Context<ServerEnv>,
  auditLog: AuditLog,
  target: string,
  refusal: Response,
): Promise<Response> {
  const person = c.get('person');
  const action = actionOf[c.req.method] ?? c.req.method;
  await auditLog.record({ person: person.name, role: person.role, action, target, status: refusal.status });
  return refusal;
}

/** `POST /api/accounts`: a new account, unless its name is taken. */
async function addAccount(c: Context<ServerEnv>, { accounts, auditLog }: AccountRouteStores) {
  const parsed = newAccountSchema.safeParse(await readJson(c.req.raw));
  if (!parsed.success) return refused(c, auditLog, '', validationFailure(parsed.error.issues));
  const { name, role, password } = parsed.data;
  if (await accounts.find(name)) {
    return refused(
      c,
      auditLog,
      name,
      errorResponse(409, 'conflict', 'The name is taken', `An account named ${name} already exists.`, {
        pointer: '/name',
      }),
    );
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
  return c.json(envelope({ name, role }), 200);
}

/** `PATCH /api/accounts/:name`: a new role or password; an administrator keeps their own role. */
async function changeAccount(
  c: Context<ServerEnv, '/api/accounts/:name'>,
  { accounts, auditLog }: AccountRouteStores,
) {
  const name = c.req.param('name');
  const person = c.get('person');
  const parsed = accountChangeSchema.safeParse(await readJson(c.req.raw));
  if (!parsed.success) return refused(c, auditLog, name, validationFailure(parsed.error.issues));
  if (!(await accounts.find(name)))
    return refused(
      c,
      auditLog,
      name,
      errorResponse(404, 'not_found', 'No such account', `There is no account named ${name}.`),
    );
  const { role, password } = parsed.data;
  if (role && role !== 'admin' && name.toLowerCase() === person.name.toLowerCase()) {
    return refused(
      c,
      auditLog,
      name,
      errorResponse(
        409,
        'conflict',
        'Keep your own role',
        'You cannot take the administrator role from yourself; ask another administrator.',
        { pointer: '/role' },
      ),
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
  return c.json(envelope({ name, role: (await accounts.find(name))?.role }), 200);
}

/** `DELETE /api/accounts/:name`: removes an account other than the administrator's own. */
async function removeAccount(
  c: Context<ServerEnv, '/api/accounts/:name'>,
  { accounts, auditLog }: AccountRouteStores,
) {
  const name = c.req.param('name');
  const person = c.get('person');
  if (name.toLowerCase() === person.name.toLowerCase()) {
    return refused(
      c,
      auditLog,
      name,
      errorResponse(
        409,
        'conflict',
        'Keep your own account',
        'You cannot remove your own account; ask another administrator.',
      ),
    );
  }
  try {
    await accounts.remove(name);
  } catch (error) {
    if (error instanceof AccountError)
      return refused(c, auditLog, name, errorResponse(404, 'not_found', 'No such account', error.message));
    throw error;
  }
  await auditLog.record({
    person: person.name,
    role: person.role,
    action: 'Removed account',
    target: name,
    status: 200,
  });
  return c.json(envelope({ name }), 200);
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
  const adminsOnly: MiddlewareHandler<ServerEnv> = async (c, next) => {
    const refusal = refusalFor(c.get('person'), 'accounts.manage');
    if (!refusal) return next();
    if (!isChangeMethod(c.req.method)) return refusal;
    // A refused request's body is not read, so an account being added goes in without its name.
    return refused(c, auditLog, c.req.path.split('/')[3] ?? '', refusal);
  };
  app.use('/api/accounts', adminsOnly, limitBody);
  app.use('/api/accounts/*', adminsOnly, limitBody);

  app.get('/api/accounts', async (c) =>
    c.json(
      envelope({
        accounts: (await accounts.list()).map((account) => ({
          name: account.name,
          role: account.role,
          createdAt: new Date(account.createdMs).toISOString(),
          singleSignOnOnly: !account.hasPassword,
        })),
        grants,
      }),
      200,
      { 'cache-control': 'no-store' },
    ),
  );

  const stores = { accounts, auditLog };
  app.post('/api/accounts', (c) => addAccount(c, stores));
  app.patch('/api/accounts/:name', (c) => changeAccount(c, stores));
  app.delete('/api/accounts/:name', (c) => removeAccount(c, stores));
}
