// No zod here: the shell and every page's guard read roles before any form loads (see access-schemas.ts).

/**
 * Who may do what. Everyone signed in reads everything; each change needs a permission. The browser
 * hides what a role cannot do and the server refuses it, both from this one table.
 */
export const roles = ['support', 'merchandiser', 'manager', 'admin'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  support: 'Support',
  merchandiser: 'Merchandiser',
  manager: 'Manager',
  admin: 'Administrator',
};

const grants = {
  /** Create and correct orders; the warehouse's order actions (pick, hold, ship …) in the sandbox. */
  'orders.write': ['support', 'admin'],
  /** Create and edit products. */
  'products.write': ['merchandiser', 'admin'],
  /** Announce receives and returns; the warehouse's receiving actions in the sandbox. */
  'receives.write': ['support', 'merchandiser', 'admin'],
  /** Download CSV exports of lists. */
  'exports.download': ['manager', 'admin'],
  /** Add, change and remove accounts. */
  'accounts.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof grants;

export function can(role: Role, permission: Permission): boolean {
  return (grants[permission] as readonly Role[]).includes(role);
}

/**
 * How the console admits people: `open` on a loopback address with no accounts (everyone is the local
 * user), `sign-in` once accounts or single sign-on exist, `locked` when bound to another address without
 * either (it serves no data until sign-in is configured).
 */
export const accessModes = ['open', 'sign-in', 'locked'] as const;
export type AccessMode = (typeof accessModes)[number];
