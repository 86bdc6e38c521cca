import { describe, expect, it } from 'vitest';
import { readSandboxConfig } from './config';

describe('readSandboxConfig', () => {
  it('uses the defaults of decisions.md', () => {
    expect(readSandboxConfig({})).toEqual({
      port: 4010,
      dbFile: '.data/sandbox.db',
      apiKey: 'sandbox-key',
      multiOrgApiKey: 'sandbox-multi-key',
      organizations: ['north', 'south'],
      warehouses: ['LAW', 'NJE', 'DFW'],
      attributeKeys: ['SN', 'LOT', 'EXP'],
      serialKey: 'SN',
      rateGroups: ['ECONOMY', 'STANDARD', 'EXPEDITED'],
      seed: 'demo',
      autopilot: false,
      demoOrganization: 'default',
    });
  });

  it('reads every variable, trimming list items', () => {
    const config = readSandboxConfig({
      SANDBOX_PORT: '0',
      SANDBOX_DB: ':memory:',
      SANDBOX_API_KEY: 'k1',
      SANDBOX_MULTI_ORG_API_KEY: 'k2',
      SANDBOX_ORGANIZATIONS: ' east , west ,',
      SANDBOX_WAREHOUSES: 'AAA',
      SANDBOX_ATTRIBUTE_KEYS: 'SERIAL,BATCH',
      SANDBOX_SERIAL_KEY: 'SERIAL',
      SANDBOX_RATE_GROUPS: 'CHEAP',
      SANDBOX_SEED: 'none',
      SANDBOX_AUTOPILOT: 'on',
    });
    expect(config).toEqual({
      port: 0,
      dbFile: ':memory:',
      apiKey: 'k1',
      multiOrgApiKey: 'k2',
      organizations: ['east', 'west'],
      warehouses: ['AAA'],
      attributeKeys: ['SERIAL', 'BATCH'],
      serialKey: 'SERIAL',
      rateGroups: ['CHEAP'],
      seed: 'none',
      autopilot: true,
      demoOrganization: 'default',
    });
  });

  it.each([
    [{ SANDBOX_PORT: 'eighty' }, /SANDBOX_PORT/],
    [{ SANDBOX_PORT: '70000' }, /SANDBOX_PORT/],
    [{ SANDBOX_SEED: 'lots' }, /SANDBOX_SEED/],
    [{ SANDBOX_AUTOPILOT: 'maybe' }, /SANDBOX_AUTOPILOT/],
    [{ SANDBOX_API_KEY: 'same', SANDBOX_MULTI_ORG_API_KEY: 'same' }, /must differ/],
    [{ SANDBOX_SERIAL_KEY: 'IMEI' }, /SANDBOX_SERIAL_KEY/],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => readSandboxConfig(env)).toThrow(message);
  });
});
