import { isLoopbackAddress } from '../../http/request-guards';

/** What each setting's value must be, read from its text: the errors say what was wrong, for people. */

/** `300`, `300s`, `5m` or `1h` (seconds when no unit is given), or `off`; at least 10 s, at most a day. */
export function interval(raw: string): number | null {
  const value = raw.toLowerCase();
  if (value === 'off') return null;
  const match = /^(\d+)\s*(s|m|h)?$/.exec(value);
  const ms = match
    ? Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h']
    : Number.NaN;
  if (!(ms >= 10_000 && ms <= 86_400_000)) {
    throw new Error(`must be a duration from 10s to 24h such as 300, 90s, 5m or 1h, or off, not "${value}"`);
  }
  return ms;
}

/** A plain http(s) base address (no credentials, query or fragment), such as `example`. */
export const baseUrl = (example: string) => (raw: string) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be an http(s) address such as ${example}, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`must start with http:// or https://, not "${url.protocol}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('must be a plain base address, without credentials, query or fragment');
  }
  return url;
};

/** The provider's address: https, or plain http for a provider on this machine. */
export function issuerUrl(raw: string): URL {
  const issuer = baseUrl('https://login.example.com')(raw);
  if (issuer.protocol !== 'https:' && !isLoopbackAddress(issuer.hostname)) {
    throw new Error('must be an https address (plain http only for a provider on this machine)');
  }
  return issuer;
}

/** A postgres:// address; the error never repeats it, since it may hold a password. */
export function postgresUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an address such as postgres://console:password@db.example.com:5432/console');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`must start with postgres:// or postgresql://, not "${url.protocol}//"`);
  }
  return raw;
}

/** Nobody scrapes often enough to guess a token this long, so /metrics needs no limit on wrong ones. */
export function metricsToken(raw: string): string {
  if (raw.length < 16) {
    throw new Error('must be at least 16 characters (for example `openssl rand -hex 32`)');
  }
  return raw;
}

export function priceCurrency(raw: string): string {
  const code = raw.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new Error(`must be a three-letter ISO 4217 code such as USD, not "${code}"`);
  }
  return code;
}
