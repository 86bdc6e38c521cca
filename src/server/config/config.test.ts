import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultGrants } from '../../contract/access';
import { SettingsError } from '../../http/environment-settings';
import { parseAttributeKeys } from './attribute-keys';
import { loadDotEnv, plainHttpWarning, readServerConfig } from './config';

describe('readServerConfig', () => {
  it('defaults to the embedded sandbox with its packet on 127.0.0.1:3000', () => {
    expect(readServerConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      upstreamBaseUrl: null,
      apiKey: null,
      organization: null,
      upstreamTimeoutMs: 15_000,
      upstreamMaxBytes: 32 * 1024 * 1024,
      warehouses: ['LAW', 'NJE', 'DFW'],
      attributeKeys: [
        { key: 'SN', label: 'Serial number' },
        { key: 'LOT', label: 'Lot' },
        { key: 'EXP', label: 'Expiry date' },
      ],
      serialKey: 'SN',
      rateGroups: ['ECONOMY', 'STANDARD', 'EXPEDITED'],
      priceCurrency: 'USD',
      claimWindowDays: 90,
      customerNextStep: { step: 'contact', contact: null },
      claimant: { name: null, contact: null },
      consoleDb: '.data/console.db',
      consoleDatabaseUrl: null,
      publicUrl: null,
      allowedHosts: [],
      trustedProxies: [],
      sessionHours: 12,
      singleSignOn: null,
      syncIntervalMs: 300_000,
      webhookToken: null,
      logFormat: 'text',
      metricsToken: null,
      grants: defaultGrants,
    });
  });

  it('reads LOG_FORMAT and METRICS_TOKEN, refusing other formats and short tokens', () => {
    const token = 'a'.repeat(32);
    expect(readServerConfig({ LOG_FORMAT: ' JSON ', METRICS_TOKEN: token })).toMatchObject({
      logFormat: 'json',
      metricsToken: token,
    });
    expect(() => readServerConfig({ LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT must be text or json');
    expect(() => readServerConfig({ METRICS_TOKEN: 'short' })).toThrow('at least 16 characters');
  });

  it('reads the next step the customer message offers, refusing one it does not know', () => {
    expect(
      readServerConfig({ CUSTOMER_NEXT_STEP: 'Refund', CUSTOMER_CONTACT: 'help@example.com' })
        .customerNextStep,
    ).toEqual({ step: 'refund', contact: 'help@example.com' });
    expect(() => readServerConfig({ CUSTOMER_NEXT_STEP: 'voucher' })).toThrow(
      'CUSTOMER_NEXT_STEP must be refund or reshipment or contact',
    );
  });

  it('reads CONSOLE_DATABASE_URL, refusing other addresses without repeating them', () => {
    expect(readServerConfig({}).consoleDatabaseUrl).toBeNull();
    const url = 'postgres://console:s3cret@db.example.com:5432/console';
    expect(readServerConfig({ CONSOLE_DATABASE_URL: ` ${url} ` }).consoleDatabaseUrl).toBe(url);
    expect(readServerConfig({ CONSOLE_DATABASE_URL: 'postgresql:///console' }).consoleDatabaseUrl).toBe(
      'postgresql:///console',
    );
    for (const wrong of ['mysql://console:s3cret@db/console', 'console:s3cret@db']) {
      expect(() => readServerConfig({ CONSOLE_DATABASE_URL: wrong })).toThrow('CONSOLE_DATABASE_URL must');
      expect(() => readServerConfig({ CONSOLE_DATABASE_URL: wrong })).not.toThrow('s3cret');
    }
  });

  it('reads the upstream, the key, the organization and the packet', () => {
    const config = readServerConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      WAREHOUSE_BASE_URL: 'https://wh.example.com/base/',
      WAREHOUSE_API_KEY: ' k-1 ',
      WAREHOUSE_ORGANIZATION: 'acme',
      UPSTREAM_TIMEOUT_MS: '2500',
      UPSTREAM_MAX_BYTES: '1048576',
      WAREHOUSE_CODES: 'A1, B2 ,,C3',
      WAREHOUSE_ATTRIBUTE_KEYS: 'SERIAL:Serial number,BATCH',
      WAREHOUSE_SERIAL_KEY: 'SERIAL',
      WAREHOUSE_RATE_GROUPS: 'CHEAP',
      WAREHOUSE_PRICE_CURRENCY: 'eur',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      apiKey: 'k-1',
      organization: 'acme',
      upstreamTimeoutMs: 2500,
      upstreamMaxBytes: 1_048_576,
      warehouses: ['A1', 'B2', 'C3'],
      attributeKeys: [
        { key: 'SERIAL', label: 'Serial number' },
        { key: 'BATCH', label: 'BATCH' },
      ],
      serialKey: 'SERIAL',
      rateGroups: ['CHEAP'],
      priceCurrency: 'EUR',
    });
    expect(config.upstreamBaseUrl?.href).toBe('https://wh.example.com/base/');
  });

  it('reads CLAIM_WINDOW_DAYS as whole days from 1 to 3650', () => {
    expect(readServerConfig({ CLAIM_WINDOW_DAYS: ' 30 ' }).claimWindowDays).toBe(30);
    expect(readServerConfig({ CLAIM_WINDOW_DAYS: '3650' }).claimWindowDays).toBe(3650);
    for (const wrong of ['0', '3651', '2.5', 'ninety', '-1']) {
      expect(() => readServerConfig({ CLAIM_WINDOW_DAYS: wrong })).toThrow(
        `CLAIM_WINDOW_DAYS must be a whole number from 1 to 3650, not "${wrong}"`,
      );
    }
  });

  it('reads where the console is published, the extra host names and the session length', () => {
    expect(
      readServerConfig({
        CONSOLE_PUBLIC_URL: 'https://console.example.com',
        CONSOLE_ALLOWED_HOSTS: 'ops.internal, wh.example.com:8443',
        CONSOLE_DB: '/var/lib/console/console.db',
        SESSION_HOURS: '8',
        SYNC_INTERVAL: '90s',
      }),
    ).toMatchObject({
      publicUrl: new URL('https://console.example.com'),
      allowedHosts: ['ops.internal', 'wh.example.com:8443'],
      consoleDb: '/var/lib/console/console.db',
      sessionHours: 8,
      syncIntervalMs: 90_000,
    });
  });

  it('reads single sign-on, with the redirect URI under CONSOLE_PUBLIC_URL', () => {
    const { singleSignOn } = readServerConfig({
      CONSOLE_PUBLIC_URL: 'https://console.example.com/',
      OIDC_ISSUER: 'https://login.example.com/realms/ops',
      OIDC_CLIENT_ID: ' console ',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(singleSignOn).toEqual({
      issuer: new URL('https://login.example.com/realms/ops'),
      clientId: 'console',
      clientSecret: 's3cret',
      rolesClaim: 'roles',
      redirectUri: new URL('https://console.example.com/api/session/oidc/callback'),
    });
    expect(
      readServerConfig({
        CONSOLE_PUBLIC_URL: 'http://localhost:3000',
        OIDC_ISSUER: 'http://127.0.0.1:8080',
        OIDC_CLIENT_ID: 'console',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_ROLES_CLAIM: 'groups',
      }).singleSignOn,
    ).toMatchObject({
      rolesClaim: 'groups',
      redirectUri: new URL('http://localhost:3000/api/session/oidc/callback'),
    });
  });

  it('treats empty variables as unset', () => {
    expect(readServerConfig({ WAREHOUSE_BASE_URL: '', PORT: ' ', WAREHOUSE_ORGANIZATION: '' })).toMatchObject(
      {
        upstreamBaseUrl: null,
        port: 3000,
        organization: null,
      },
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ UPSTREAM_TIMEOUT_MS: '0' }, /UPSTREAM_TIMEOUT_MS must be a whole number/],
    [{ UPSTREAM_MAX_BYTES: '32MB' }, /UPSTREAM_MAX_BYTES must be a whole number from 1024 to 1073741824/],
    [
      { WAREHOUSE_BASE_URL: 'warehouse.example.com', WAREHOUSE_API_KEY: 'k' },
      /WAREHOUSE_BASE_URL must be an http\(s\) address/,
    ],
    [
      { WAREHOUSE_BASE_URL: 'ftp://warehouse.example.com', WAREHOUSE_API_KEY: 'k' },
      /must start with http:\/\/ or https:\/\//,
    ],
    [
      { WAREHOUSE_BASE_URL: 'https://user:pw@warehouse.example.com', WAREHOUSE_API_KEY: 'k' },
      /without credentials/,
    ],
    [{ WAREHOUSE_BASE_URL: 'https://warehouse.example.com' }, /WAREHOUSE_API_KEY is required/],
    [{ WAREHOUSE_SERIAL_KEY: 'IMEI' }, /WAREHOUSE_SERIAL_KEY IMEI must be one of the keys/],
    [{ WAREHOUSE_ATTRIBUTE_KEYS: 'SN,:Nameless' }, /entry without a key/],
    [{ WAREHOUSE_PRICE_CURRENCY: 'dollars' }, /WAREHOUSE_PRICE_CURRENCY must be a three-letter/],
    [{ CONSOLE_PUBLIC_URL: 'console.example.com' }, /CONSOLE_PUBLIC_URL must be an http\(s\) address/],
    [{ CONSOLE_PUBLIC_URL: 'https://console.example.com/?next=1' }, /CONSOLE_PUBLIC_URL must be a plain/],
    [{ TRUSTED_PROXIES: '10.0.0.5, proxy.internal' }, /TRUSTED_PROXIES must list .* not "proxy.internal"/],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /TRUSTED_PROXIES must list .* not "10.0.0.0\/33"/],
    [{ SESSION_HOURS: '0' }, /SESSION_HOURS must be a whole number from 1/],
    [{ SYNC_INTERVAL: '5s' }, /SYNC_INTERVAL must be a duration from 10s to 24h/],
    [{ SYNC_INTERVAL: 'hourly' }, /SYNC_INTERVAL must be a duration/],
    [
      { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 's' },
      /CONSOLE_PUBLIC_URL is required with single sign-on/,
    ],
    [
      { CONSOLE_PUBLIC_URL: 'https://console.example.com', OIDC_ISSUER: 'https://login.example.com' },
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET missing/,
    ],
    [
      {
        CONSOLE_PUBLIC_URL: 'https://console.example.com',
        OIDC_ISSUER: 'http://login.example.com',
        OIDC_CLIENT_ID: 'console',
        OIDC_CLIENT_SECRET: 's',
      },
      /OIDC_ISSUER must be an https address/,
    ],
  ])('refuses %o with a message that names the variable', (env, message) => {
    expect(() => readServerConfig(env)).toThrow(message);
  });
});

describe('bad settings', () => {
  it('are all said at once, one sentence each, relations between settings included once each reads', () => {
    let thrown: unknown;
    try {
      readServerConfig({ PORT: 'eighty', SESSION_HOURS: '0', LOG_FORMAT: 'xml', SYNC_INTERVAL: '1s' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    expect((thrown as SettingsError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535, not "eighty"',
      'SESSION_HOURS must be a whole number from 1 to 2160, not "0"',
      'SYNC_INTERVAL must be a duration from 10s to 24h such as 300, 90s, 5m or 1h, or off, not "1s"',
      'LOG_FORMAT must be text or json, not "xml"',
    ]);
    expect((thrown as Error).message).toMatch(/^4 settings need fixing:\n {2}- PORT must be/);
    expect(() =>
      readServerConfig({
        WAREHOUSE_BASE_URL: 'https://warehouse.example.com',
        WAREHOUSE_SERIAL_KEY: 'IMEI',
        OIDC_ISSUER: 'https://login.example.com',
      }),
    ).toThrow(
      [
        '3 settings need fixing:',
        '  - WAREHOUSE_API_KEY is required when WAREHOUSE_BASE_URL is set (the operator issues it)',
        '  - WAREHOUSE_SERIAL_KEY IMEI must be one of the keys in WAREHOUSE_ATTRIBUTE_KEYS',
        '  - Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; OIDC_CLIENT_ID and OIDC_CLIENT_SECRET missing',
      ].join('\n'),
    );
  });
});

describe('plainHttpWarning', () => {
  it('warns beyond loopback without an https public address, saying what the cookie needs', () => {
    const warning = plainHttpWarning(readServerConfig({ HOST: '0.0.0.0' }));
    expect(warning).toMatch(/^Warning: HOST=0\.0\.0\.0 serves sign-in over plain HTTP/);
    expect(warning).toContain('does not terminate TLS');
    expect(warning).toContain('__Host- and Secure');
    expect(
      plainHttpWarning(readServerConfig({ HOST: '::', CONSOLE_PUBLIC_URL: 'http://console.lan' })),
    ).toMatch(/HOST=:: serves/);
  });

  it.each([
    [{}],
    [{ HOST: 'localhost' }],
    [{ HOST: '::1' }],
    [{ HOST: '0.0.0.0', CONSOLE_PUBLIC_URL: 'https://console.example.com' }],
  ])('says nothing for %o', (env) => {
    expect(plainHttpWarning(readServerConfig(env))).toBeNull();
  });
});

describe('parseAttributeKeys', () => {
  it('keeps colons after the first one in the label', () => {
    expect(parseAttributeKeys('EXP:Expiry date: best before')).toEqual([
      { key: 'EXP', label: 'Expiry date: best before' },
    ]);
  });
});

describe('loadDotEnv', () => {
  it('adds the file’s variables without overriding those already set, and ignores a missing file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-env-'));
    const file = join(dir, '.env');
    await writeFile(file, 'CONSOLE_TEST_FROM_FILE=file\nCONSOLE_TEST_ALREADY_SET=file\n');
    process.env.CONSOLE_TEST_ALREADY_SET = 'shell';
    try {
      loadDotEnv(file);
      loadDotEnv(join(dir, 'missing.env'));
      loadDotEnv('');
      expect(process.env.CONSOLE_TEST_FROM_FILE).toBe('file');
      expect(process.env.CONSOLE_TEST_ALREADY_SET).toBe('shell');
    } finally {
      delete process.env.CONSOLE_TEST_FROM_FILE;
      delete process.env.CONSOLE_TEST_ALREADY_SET;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
