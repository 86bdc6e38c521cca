import { describe, expect, it } from 'vitest';
import type { ConsoleConfig } from '../contract/console-config';
import { environmentLabel } from './environment-badge';

const base: ConsoleConfig = {
  mode: 'sandbox',
  upstreamHost: null,
  organization: null,
  warehouses: [],
  attributeKeys: [],
  serialKey: 'SN',
  rateGroups: [],
};

describe('environmentLabel', () => {
  it('names the sandbox', () => {
    expect(environmentLabel(base)).toBe('Sandbox');
  });

  it('names the upstream host and, when there is one, the organization', () => {
    expect(
      environmentLabel({ ...base, mode: 'upstream', upstreamHost: 'api.example.com', organization: 'north' }),
    ).toBe('api.example.com · north');
    expect(environmentLabel({ ...base, mode: 'upstream', upstreamHost: 'api.example.com' })).toBe(
      'api.example.com',
    );
  });
});
