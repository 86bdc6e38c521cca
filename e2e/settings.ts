/** Debian's Chromium, started without reaching for the internet (see stack notes). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The open console (loopback, no accounts) most specs use. */
export const openPort = Number(process.env.E2E_PORT ?? 3100);
/** A second console with one account per role, for the sign-in and role journeys. */
export const accountsPort = openPort + 1;
/** Every role's account (`support-user`, `merchandiser-user`, …) has this password. */
export const e2ePassword = 'e2e password for every role';
