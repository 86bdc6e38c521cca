import {
  defaultGrants,
  type Grants,
  type Permission,
  permissions,
  type Role,
  roles,
} from '../../contract/access';

/**
 * `returns.write: support manager admin, exports.download: support merchandiser manager admin`: the roles
 * of each permission named (space- or +-separated); permissions not named keep their default.
 */
export function parseRoleGrants(raw: string): Grants {
  const grants: Grants = { ...defaultGrants };
  for (const entry of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const permission = entry.slice(0, colon === -1 ? undefined : colon).trim();
    if (colon === -1 || !permissions.includes(permission as Permission)) {
      throw new Error(
        `ROLE_GRANTS: "${entry}" is not "permission: roles" with a permission of ${permissions.join(', ')}`,
      );
    }
    const named = entry
      .slice(colon + 1)
      .split(/[\s+]+/)
      .filter(Boolean);
    const unknown = named.filter((role) => !roles.includes(role as Role));
    if (unknown.length > 0) {
      throw new Error(
        `ROLE_GRANTS: ${unknown.join(', ')} ${unknown.length === 1 ? 'is no role' : 'are no roles'} (roles: ${roles.join(', ')})`,
      );
    }
    grants[permission as Permission] = named as Role[];
  }
  if (!grants['accounts.manage'].includes('admin')) {
    throw new Error('ROLE_GRANTS: accounts.manage must keep admin, or nobody could manage accounts');
  }
  return grants;
}
