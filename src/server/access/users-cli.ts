// `npm run users -- <command>`: the console's local accounts, in its own database (CONSOLE_DB), or in the
// database a team's consoles share (CONSOLE_DATABASE_URL) when that is set.
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { roleLabels, roles } from '../../contract/access';
import { accountNameSchema, passwordSchema, roleSchema } from '../../contract/access-schemas';
import { loadDotEnv, readServerConfig } from '../config/config';
import { postgresSharedStores, sqliteSharedStores } from '../database/shared-stores';
import { AccountError } from '../store/account-store';
import { openConsoleDatabase } from '../store/sqlite/console-db';

const usage = `Usage: npm run users -- <command>
  add NAME --role ROLE   add an account; asks for its password (or reads one line from standard input)
    --sso                without a password: the account signs in only through single sign-on
  list                   the accounts with their roles
  role NAME ROLE         change an account's role
  password NAME          set a new password (ends the account's sessions)
  sign-out NAME          end every session of the account
  remove NAME            remove the account and its sessions
Roles: ${roles.map((role) => `${role} (${roleLabels[role]})`).join(', ')}`;

class UsageError extends Error {}

/** Who runs the command, for the audit log: the system user, with what they have the powers of. */
function operatorName(): string {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? 'unknown user'; // no entry in the system's user list (some containers)
  }
  return `${name} (npm run users)`;
}

function valid<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** On a terminal: asked twice without echo. Piped: the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    throw new UsageError('No password on standard input');
  }
  const first = await askHidden('Password: ');
  const second = await askHidden('Same password again: ');
  if (first !== second) throw new UsageError('The two passwords differ');
  return first;
}

function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          stdin.setRawMode(false);
          reject(new UsageError('Canceled'));
          return;
        }
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    stdin.on('data', onData);
  });
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  loadDotEnv(process.env.ENV_FILE ?? '.env');
  const { consoleDb, consoleDatabaseUrl } = readServerConfig();
  // The team's shared database when there is one (where every console reads accounts), else this console's.
  const db = consoleDatabaseUrl === null ? openConsoleDatabase(consoleDb) : null;
  const stores = db ? sqliteSharedStores(db) : await postgresSharedStores(consoleDatabaseUrl as string);
  const { accounts, auditLog } = stores;
  // Whoever can run this on the server can do everything an administrator can.
  const changed = (action: string, target: string) =>
    auditLog.record({ person: operatorName(), role: 'admin', action, target, status: 200 });
  try {
    switch (command) {
      case 'add': {
        const roleAt = rest.indexOf('--role');
        const ssoAt = rest.indexOf('--sso');
        const role = valid(roleSchema, roleAt === -1 ? undefined : rest[roleAt + 1], 'Role');
        const name = valid(
          accountNameSchema,
          rest.find((_, i) => i !== roleAt && i !== roleAt + 1 && i !== ssoAt),
          'Name',
        );
        if (ssoAt !== -1) {
          await accounts.add(name, role, null);
          await changed(`Added account (${role}, single sign-on only)`, name);
          return `Added ${name} (${roleLabels[role]}), signing in only through single sign-on.`;
        }
        const password = valid(passwordSchema, await readPassword(), 'Password');
        await accounts.add(name, role, password);
        await changed(`Added account (${role})`, name);
        return `Added ${name} (${roleLabels[role]}).`;
      }
      case 'list': {
        const list = await accounts.list();
        if (list.length === 0) return 'No accounts: the console is open on loopback and locked elsewhere.';
        return list
          .map(
            (account) =>
              `${account.name}\t${account.role}${account.hasPassword ? '' : '\tsingle sign-on only'}`,
          )
          .join('\n');
      }
      case 'role': {
        const name = valid(accountNameSchema, rest[0], 'Name');
        const role = valid(roleSchema, rest[1], 'Role');
        await accounts.setRole(name, role);
        await changed(`Changed account (role ${role})`, name);
        return `${name} is now ${role}.`;
      }
      case 'password': {
        const name = valid(accountNameSchema, rest[0], 'Name');
        if (!(await accounts.find(name))) throw new AccountError(`There is no account named ${name}`);
        await accounts.setPassword(name, valid(passwordSchema, await readPassword(), 'Password'));
        await changed('Changed account (new password)', name);
        return `New password set for ${name}; their sessions have ended.`;
      }
      case 'sign-out': {
        const name = valid(accountNameSchema, rest[0], 'Name');
        await accounts.endSessionsOf(name);
        await changed('Ended sessions', name);
        return `Every session of ${name} has ended.`;
      }
      case 'remove': {
        const name = valid(accountNameSchema, rest[0], 'Name');
        await accounts.remove(name);
        await changed('Removed account', name);
        return `Removed ${name}.`;
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}"` : 'Name a command');
    }
  } finally {
    await stores.close();
    db?.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
