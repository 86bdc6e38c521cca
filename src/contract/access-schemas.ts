import { z } from 'zod';
import { accessModes, permissions, roles } from './access';
import type { ConsoleRoute, PathParameter } from './console-route';

export const roleSchema = z.enum(roles, { error: `Choose a role: ${roles.join(', ')}` });

export const sessionUserSchema = z.object({
  name: z.string(),
  role: z.enum(roles),
  /** What the server's grant table lets this role do: the screens show only those changes. */
  permissions: z.array(z.enum(permissions)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What `GET /api/session` tells the browser. */
export const sessionSchema = z.object({
  mode: z.enum(accessModes),
  /** null: nobody is signed in (in `open` mode, the local user stands here instead). */
  user: sessionUserSchema.nullable(),
  singleSignOn: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const signInSchema = z.object({
  name: z.string().trim().min(1, 'Enter your user name').max(100, 'Use at most 100 characters'),
  password: z.string().min(1, 'Enter your password').max(1000, 'Use at most 1,000 characters'),
});
export type SignIn = z.infer<typeof signInSchema>;

export const accountNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a user name')
  .max(100, 'Use at most 100 characters')
  .regex(/^[\p{L}\p{N}._@+-]+$/u, 'Use letters, digits and . _ @ + - only');

export const passwordSchema = z
  .string()
  .min(12, 'Use at least 12 characters')
  .max(1000, 'Use at most 1,000 characters');

/** An account an administrator adds on the Accounts page. */
export const newAccountSchema = z.object({
  name: accountNameSchema,
  role: roleSchema,
  password: passwordSchema,
});
export type NewAccount = z.infer<typeof newAccountSchema>;

/** A change to an account: its role, a new password, or both. */
export const accountChangeSchema = z
  .object({ role: roleSchema.optional(), password: passwordSchema.optional() })
  .refine((change) => change.role !== undefined || change.password !== undefined, {
    error: 'Change the role or set a new password',
  });

export const accountListSchema = z.object({
  accounts: z.array(
    z.object({ name: z.string(), role: z.enum(roles), createdAt: z.string(), singleSignOnOnly: z.boolean() }),
  ),
  /** The console's grant table (ROLE_GRANTS over the defaults): which roles may do what. */
  grants: z.record(z.enum(permissions), z.array(z.enum(roles))),
});
export type AccountList = z.infer<typeof accountListSchema>;

/** An account named in the path, as it is stored. */
const accountInPath = {
  name: { description: "The account's name", schema: z.string().min(1) },
} as const satisfies Record<string, PathParameter>;

/** What a change to an account answers: the account's name. */
const named = z.object({ name: z.string() }).loose();

export const getSessionRoute = {
  method: 'GET',
  path: '/session',
  summary: 'Who is signed in, and how the console admits people',
  access: 'anyone',
  answer: sessionSchema,
} as const satisfies ConsoleRoute;

export const signInRoute = {
  method: 'POST',
  path: '/session',
  summary: 'Sign in with a local account (limited per name and per address)',
  access: 'anyone',
  body: signInSchema,
  answer: sessionSchema,
} as const satisfies ConsoleRoute;

export const signOutRoute = {
  method: 'DELETE',
  path: '/session',
  summary: 'Sign out',
  access: 'anyone',
  answer: sessionSchema,
} as const satisfies ConsoleRoute;

export const listAccountsRoute = {
  method: 'GET',
  path: '/accounts',
  summary: 'The accounts and the grant table',
  access: 'accounts.manage',
  answer: accountListSchema,
} as const satisfies ConsoleRoute;

export const addAccountRoute = {
  method: 'POST',
  path: '/accounts',
  summary: 'Add an account',
  access: 'accounts.manage',
  body: newAccountSchema,
  answer: named,
} as const satisfies ConsoleRoute;

export const changeAccountRoute = {
  method: 'PATCH',
  path: '/accounts/:name',
  summary: "Change an account's role or password",
  access: 'accounts.manage',
  params: accountInPath,
  body: accountChangeSchema,
  answer: named,
} as const satisfies ConsoleRoute;

export const removeAccountRoute = {
  method: 'DELETE',
  path: '/accounts/:name',
  summary: 'Remove an account and end its sessions',
  access: 'accounts.manage',
  params: accountInPath,
  answer: named,
} as const satisfies ConsoleRoute;

export const startSingleSignOnRoute = {
  method: 'GET',
  path: '/session/oidc/start',
  summary: 'Single sign-on: sends the browser to the identity provider (OIDC_ISSUER)',
  access: 'anyone',
  query: { redirect: { description: 'The page of the console to come back to' } },
  answer: { redirect: "The provider's sign-in page, or /sign-in saying why not" },
} as const satisfies ConsoleRoute;

export const finishSingleSignOnRoute = {
  method: 'GET',
  path: '/session/oidc/callback',
  summary: "Single sign-on: where the provider sends the browser back, with what the provider's flow gives",
  access: 'anyone',
  answer: { redirect: 'The page the person was going to, signed in; or /sign-in saying why not' },
} as const satisfies ConsoleRoute;
