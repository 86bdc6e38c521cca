import { describe, expect, it } from 'vitest';
import { interfaceAllowList, isInterfaceOperation } from './proxy-target';

describe('the allow-list derived from the contract', () => {
  it('is exactly the operator interface’s operations: a new one reaches the key only by changing this test', () => {
    expect(interfaceAllowList.map(({ method, pattern }) => `${method} ${pattern}`).sort()).toEqual(
      [
        'POST products',
        'GET products',
        'GET products/*',
        'PATCH products/*',
        'GET products/actions/get-id/*',
        'POST orders',
        'GET orders',
        'PATCH order/*',
        'PATCH orders/*',
        'POST receives',
        'GET receives',
      ].sort(),
    );
  });

  it.each([
    ['GET', ['products', 'A-1']],
    ['GET', ['products', 'actions', 'get-id', 'A-1']],
    ['PATCH', ['order', '9c1']],
    ['PATCH', ['orders', '9c1']],
    ['GET', ['receives']],
  ])('lets %s %j through', (method, segments) => {
    expect(isInterfaceOperation(method, segments)).toBe(true);
  });

  it.each([
    ['DELETE', ['products', '0f3a']],
    ['PUT', ['products', '0f3a']],
    ['POST', ['products', '0f3a']],
    ['get', ['products']],
    ['GET', ['orders', '9c1']],
    ['PATCH', ['receives', '1']],
    ['GET', ['products', 'actions', 'get-id', 'A', 'B']],
    ['GET', ['products', 'A', 'B']],
    ['GET', ['admin']],
    ['GET', []],
    ['POST', ['orders', '1', 'shipments', '2', 'ship']],
  ])('refuses %s %j', (method, segments) => {
    expect(isInterfaceOperation(method, segments)).toBe(false);
  });
});
