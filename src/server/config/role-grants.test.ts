import { describe, expect, it } from 'vitest';
import { defaultGrants } from '../../contract/access';
import { readServerConfig } from './config';
import { parseRoleGrants } from './role-grants';

describe('ROLE_GRANTS', () => {
  it('changes the roles of the permissions it names and keeps the others', () => {
    const grants = parseRoleGrants(
      'exports.download: support merchandiser manager admin, returns.write:manager+admin',
    );
    expect(grants['exports.download']).toEqual(['support', 'merchandiser', 'manager', 'admin']);
    expect(grants['returns.write']).toEqual(['manager', 'admin']);
    expect(grants['orders.write']).toEqual(defaultGrants['orders.write']);
    expect(readServerConfig({ ROLE_GRANTS: 'settings.read: admin' }).grants['settings.read']).toEqual([
      'admin',
    ]);
    expect(readServerConfig({}).grants).toEqual(defaultGrants);
  });

  it('may take a permission from every role but the administrators’ accounts', () => {
    expect(parseRoleGrants('exports.download:')['exports.download']).toEqual([]);
    expect(() => parseRoleGrants('accounts.manage: manager')).toThrow(
      'ROLE_GRANTS: accounts.manage must keep admin, or nobody could manage accounts',
    );
  });

  it('names an unknown permission or role', () => {
    expect(() => readServerConfig({ ROLE_GRANTS: 'orders.delete: admin' })).toThrow(
      'ROLE_GRANTS: "orders.delete: admin" is not "permission: roles" with a permission of orders.write, returns.write, receives.write, products.write, exports.download, accounts.manage, settings.read',
    );
    expect(() => parseRoleGrants('orders.write: support clerk boss')).toThrow(
      'ROLE_GRANTS: clerk, boss are no roles (roles: support, merchandiser, manager, admin)',
    );
  });
});
