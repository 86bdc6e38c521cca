import { describe, expect, it } from 'vitest';
import { sessionSchema } from '@/contract/access-schemas';
import { readSessionAnswer } from './session';

const answers: unknown[] = [
  {
    mode: 'open',
    user: { name: 'local', role: 'admin', permissions: ['accounts.manage'] },
    singleSignOn: false,
  },
  { mode: 'sign-in', user: null, singleSignOn: true },
  { mode: 'locked', user: null, singleSignOn: false },
  {
    mode: 'sign-in',
    user: { name: 'ana', role: 'support', permissions: [], extra: 1 },
    singleSignOn: false,
  },
  { mode: 'sign-in', user: { name: 'ana', role: 'boss', permissions: [] }, singleSignOn: false },
  { mode: 'sign-in', user: { name: 'ana', role: 'support' }, singleSignOn: false },
  {
    mode: 'sign-in',
    user: { name: 'ana', role: 'support', permissions: ['orders.delete'] },
    singleSignOn: false,
  },
  {
    mode: 'sign-in',
    user: { name: 'ana', role: 'support', permissions: 'orders.write' },
    singleSignOn: false,
  },
  { mode: 'closed', user: null, singleSignOn: false },
  { mode: 'open', user: { role: 'admin' }, singleSignOn: false },
  { mode: 'open', singleSignOn: false },
  { mode: 'open', user: null },
  null,
  'open',
];

describe('readSessionAnswer', () => {
  it.each(answers)('accepts and refuses exactly what the contract’s sessionSchema does: %o', (data) => {
    const expected = sessionSchema.safeParse(data);
    if (expected.success) expect(readSessionAnswer({ data })).toEqual(expected.data);
    else expect(() => readSessionAnswer({ data })).toThrow(/unexpected shape/);
  });
});
