// No zod here: the shell and every page's guard read roles before any form loads (see access-schemas.ts).

/**
 * Who may do what. Everyone signed in reads everything; each change needs a permission. The browser
 * hides what a role cannot do and the server refuses it, both from the server's grant table.
 */
export const roles = ['support', 'merchandiser', 'manager', 'admin'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  support: 'Support',
  merchandiser: 'Merchandiser',
  manager: 'Manager',
  admin: 'Administrator',
};

/** What a change needs; each role holds the permissions the grant table gives it. */
export const permissions = [
  'orders.write',
  'returns.write',
  'receives.write',
  'products.write',
  'exports.download',
  'accounts.manage',
  'settings.read',
] as const;
export type Permission = (typeof permissions)[number];

/** Which roles hold each permission. */
export type Grants = Record<Permission, readonly Role[]>;

/**
 * The grants by job: support looks after orders and returns and exports what it sees; merchandisers
 * look after products and receives; managers do everything but accounts; administrators all. A company
 * changes them with ROLE_GRANTS (the server's table reaches the browser with the session).
 */
export const defaultGrants: Grants = {
  /** Create and correct orders; the warehouse's order actions (pick, hold, ship …) in the sandbox. */
  'orders.write': ['support', 'manager', 'admin'],
  /** Announce returns. */
  'returns.write': ['support', 'manager', 'admin'],
  /** Announce receives. */
  'receives.write': ['merchandiser', 'manager', 'admin'],
  /** Create and edit products. */
  'products.write': ['merchandiser', 'manager', 'admin'],
  /** Download CSV exports of lists. */
  'exports.download': ['support', 'manager', 'admin'],
  /** Add, change and remove accounts. */
  'accounts.manage': ['admin'],
  /** Read how to fix the console's set-up: error hints that name its settings (WAREHOUSE_BASE_URL …). */
  'settings.read': ['manager', 'admin'],
};

/** The permissions `role` holds under `grants`, in the order of `permissions`. */
export function permissionsOf(grants: Grants, role: Role): Permission[] {
  return permissions.filter((permission) => grants[permission].includes(role));
}

/** In words, for a refusal ("may not …") and the Accounts page's table. */
export const permissionWords: Record<Permission, string> = {
  'orders.write': 'create or correct orders',
  'returns.write': 'announce returns',
  'receives.write': 'announce receives',
  'products.write': 'create or edit products',
  'exports.download': 'download exports',
  'accounts.manage': 'manage accounts',
  'settings.read': "read the console's settings",
};

/**
 * How the console admits people: `open` on a loopback address with no accounts (everyone is the local
 * user), `sign-in` once accounts or single sign-on exist, `locked` when bound to another address without
 * either (it serves no data until sign-in is configured).
 */
export const accessModes = ['open', 'sign-in', 'locked'] as const;
export type AccessMode = (typeof accessModes)[number];

/**
 * Why a single sign-on came back without a session: the server sends one of these to
 * `/sign-in?error=`, and the sign-in page says it in words (never text from the address itself).
 */
export const singleSignOnErrors = [
  /** The provider could not be reached or its discovery document was unusable. */
  'sso_unavailable',
  /** The provider refused, or the person canceled there. */
  'sso_denied',
  /** The sign-in started too long ago, in another browser, or its cookie is gone. */
  'sso_expired',
  /** The answer did not check out: wrong state, a bad code, an invalid ID token. */
  'sso_failed',
  /** The ID token names nobody the console can use (no preferred_username or email, or odd characters). */
  'sso_no_name',
  /** Neither a local account nor the roles claim gives the person a role. */
  'sso_no_role',
] as const;
export type SingleSignOnError = (typeof singleSignOnErrors)[number];

/** Longer is no address of the console's; it would also not fit the sign-in cookie. */
const maxLocalPathLength = 1000;

/**
 * Where to go after signing in: only a path of this site, else `/`. `//evil.example`, `/\evil.example`
 * or an absolute URL would make sign-in an open redirect, and so would `/<tab>/evil.example`: browsers drop
 * tabs and line breaks from addresses (and a line break must never reach a Location header).
 */
export function readLocalPath(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    !/\p{Cc}/u.test(value) &&
    value.length <= maxLocalPathLength
    ? value
    : '/';
}
