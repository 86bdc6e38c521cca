/** Every role's account (`support-user`, `merchandiser-user`, …) has this password. */
export const e2ePassword = 'e2e password for every role';

/**
 * The console over a fresh in-memory sandbox with the demo data, on loopback, with nothing from a
 * developer's .env or shell. The autopilot stays off: the tests move shipments themselves.
 */
export const demoConsoleEnv = {
  HOST: '127.0.0.1',
  ENV_FILE: '',
  WAREHOUSE_BASE_URL: '',
  WAREHOUSE_ORGANIZATION: '',
  SANDBOX_DB: ':memory:',
  // The embedded sandbox on a free port, whatever the shell says: several consoles run at once.
  SANDBOX_PORT: '',
  SANDBOX_SEED: 'demo',
  SANDBOX_AUTOPILOT: 'off',
  // Who claims in a claim packet, as a company sets it up.
  CLAIMANT_NAME: 'Northwind Goods Ltd',
  CLAIMANT_CONTACT: 'claims@northwind.example, +1 303 555 0100',
};
