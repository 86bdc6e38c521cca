import { describe, expect, it } from 'vitest';
import { readSandboxConfig } from './config';
import { noWebhookFaults } from './webhooks/webhook-faults';

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
      webhookUrl: null,
      webhookHeaders: {},
      webhookMaxAttempts: 10,
      webhookFaults: noWebhookFaults,
      awaitWebhookDestination: false,
      allowedHosts: [],
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
      SANDBOX_WEBHOOK_URL: ' http://127.0.0.1:3000/api/webhooks/warehouse?token=t1 ',
      SANDBOX_WEBHOOK_HEADERS: 'x-webhook-token: abc; X-Team : ops:night ;',
      SANDBOX_WEBHOOK_MAX_ATTEMPTS: '3',
      SANDBOX_WEBHOOK_FAULTS: 'duplicates=0.2, delay=100-2000,reorder=.3,early=1,seed=run-7',
      SANDBOX_ALLOWED_HOSTS: 'sandbox.test.example, qa.example:8443',
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
      webhookUrl: new URL('http://127.0.0.1:3000/api/webhooks/warehouse?token=t1'),
      webhookHeaders: { 'x-webhook-token': 'abc', 'X-Team': 'ops:night' },
      webhookMaxAttempts: 3,
      webhookFaults: {
        duplicates: 0.2,
        delayMs: { min: 100, max: 2000 },
        reorder: 0.3,
        early: 1,
        seed: 'run-7',
      },
      awaitWebhookDestination: false,
      allowedHosts: ['sandbox.test.example', 'qa.example:8443'],
    });
  });

  it.each(['', ' off ', 'none'])('reads SANDBOX_WEBHOOK_FAULTS=%o as no faults', (value) => {
    expect(readSandboxConfig({ SANDBOX_WEBHOOK_FAULTS: value }).webhookFaults).toEqual(noWebhookFaults);
  });

  it.each([
    [{ SANDBOX_PORT: 'eighty' }, /SANDBOX_PORT/],
    [{ SANDBOX_PORT: '70000' }, /SANDBOX_PORT/],
    [{ SANDBOX_SEED: 'lots' }, /SANDBOX_SEED/],
    [{ SANDBOX_AUTOPILOT: 'maybe' }, /SANDBOX_AUTOPILOT/],
    [{ SANDBOX_API_KEY: 'same', SANDBOX_MULTI_ORG_API_KEY: 'same' }, /must differ/],
    [{ SANDBOX_SERIAL_KEY: 'IMEI' }, /SANDBOX_SERIAL_KEY/],
    [{ SANDBOX_WEBHOOK_URL: 'localhost:3000/hooks' }, /SANDBOX_WEBHOOK_URL must start with http/],
    [{ SANDBOX_WEBHOOK_URL: 'not an address' }, /SANDBOX_WEBHOOK_URL must be an http\(s\) address/],
    [{ SANDBOX_WEBHOOK_HEADERS: 'x-webhook-token abc' }, /SANDBOX_WEBHOOK_HEADERS: "x-webhook-token abc"/],
    [{ SANDBOX_WEBHOOK_HEADERS: 'content-type: text/plain' }, /content-type is set by the sandbox/],
    [{ SANDBOX_WEBHOOK_HEADERS: 'organization-slug: south' }, /organization-slug is set by the sandbox/],
    [{ SANDBOX_WEBHOOK_MAX_ATTEMPTS: '0' }, /SANDBOX_WEBHOOK_MAX_ATTEMPTS must be a whole number from 1/],
    [{ SANDBOX_WEBHOOK_MAX_ATTEMPTS: 'many' }, /SANDBOX_WEBHOOK_MAX_ATTEMPTS/],
    [{ SANDBOX_WEBHOOK_FAULTS: 'duplicates=1.5' }, /duplicates is a share from 0 to 1, not "1.5"/],
    [{ SANDBOX_WEBHOOK_FAULTS: 'delay=2000-100' }, /delay is MIN-MAX in milliseconds/],
    [{ SANDBOX_WEBHOOK_FAULTS: 'delay=fast' }, /delay is MIN-MAX/],
    [{ SANDBOX_WEBHOOK_FAULTS: 'lost=0.1' }, /unknown fault "lost"; the faults are duplicates, delay/],
    [{ SANDBOX_WEBHOOK_FAULTS: 'early' }, /"early" is not name=value/],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => readSandboxConfig(env)).toThrow(message);
  });
});

describe('bad sandbox settings', () => {
  it('are all said at once, one sentence each', () => {
    expect(() =>
      readSandboxConfig({
        SANDBOX_PORT: '70000',
        SANDBOX_SEED: 'full',
        SANDBOX_WEBHOOK_URL: 'ftp://example.com',
        SANDBOX_WEBHOOK_MAX_ATTEMPTS: '0',
      }),
    ).toThrow(
      [
        '4 settings need fixing:',
        '  - SANDBOX_PORT must be a port number between 0 and 65535, not "70000"',
        '  - SANDBOX_SEED must be demo or none, not "full"',
        '  - SANDBOX_WEBHOOK_URL must start with http:// or https://, not "ftp:"',
        '  - SANDBOX_WEBHOOK_MAX_ATTEMPTS must be a whole number from 1 to 100, not "0"',
      ].join('\n'),
    );
  });
});
