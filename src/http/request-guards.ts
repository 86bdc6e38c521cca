import { isIP } from 'node:net';

/** Names that always mean this machine: a page elsewhere cannot be served under them. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** `127.0.0.1`, `::1`, `localhost`: the addresses only this machine can reach. */
export function isLoopbackAddress(host: string): boolean {
  return isLoopbackName(host) || host === '::1';
}

function splitHost(host: string): { hostname: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host);
  return match ? { hostname: (match[1] as string).toLowerCase(), port: match[2] ?? '' } : null;
}

/**
 * Which `Host` headers the console answers: loopback names on any port, the host of
 * `CONSOLE_PUBLIC_URL`, and the entries of `CONSOLE_ALLOWED_HOSTS` (`name` for any port, `name:port`
 * for one). Any other name may be an attacker's that resolves to this machine (DNS rebinding).
 */
export function hostAllowList({
  publicUrl,
  allowedHosts,
}: {
  publicUrl: URL | null;
  allowedHosts: string[];
}) {
  const exact = new Set(
    allowedHosts.filter((entry) => entry.includes(':')).map((entry) => entry.toLowerCase()),
  );
  const anyPort = new Set(
    allowedHosts.filter((entry) => !entry.includes(':')).map((entry) => entry.toLowerCase()),
  );
  if (publicUrl) exact.add(publicUrl.host.toLowerCase());
  return (host: string | undefined): boolean => {
    if (host === undefined) return false;
    const parts = splitHost(host.trim());
    if (!parts) return false;
    return (
      isLoopbackName(parts.hostname) || anyPort.has(parts.hostname) || exact.has(host.trim().toLowerCase())
    );
  };
}

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function isJsonContentType(value: string | null): boolean {
  return value !== null && jsonMediaType.test(value.trim());
}

/**
 * Whether a request that changes something comes from a page of the console itself: its `Origin` names
 * the host it was sent to (or the public address), or, where a browser sends no `Origin`,
 * `Sec-Fetch-Site` says same-origin. A request with neither is refused: every browser sends one of them,
 * and a script can send `Origin` itself.
 */
export function isSameOrigin(headers: Headers, publicUrl: URL | null): boolean {
  const origin = headers.get('origin');
  if (origin !== null) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // `null` (a sandboxed frame, a redirect across sites) and anything unreadable
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (publicUrl && url.origin === publicUrl.origin) return true;
    return url.host.toLowerCase() === headers.get('host')?.trim().toLowerCase();
  }
  return headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * Whether a browser sent this request from a page of another origin (`Sec-Fetch-Site` cross-site or
 * same-site, which is another port or subdomain; or an `Origin` naming another host). Clients other than
 * browsers send neither header and pass; so does an address typed into the browser (`none`).
 */
export function isFromAnotherOrigin(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (headers.get('origin') === null && (site === null || site === 'none')) return false;
  return !isSameOrigin(headers, null);
}

/** Methods that change something, and so must come from the console's own pages. */
export function isChangeMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** The request target exactly as the client sent it: the Node request when there is one, else the URL. */
export function rawTarget(incomingUrl: string | undefined, requestUrl: string): string {
  if (incomingUrl !== undefined) return incomingUrl;
  const url = new URL(requestUrl);
  return `${url.pathname}${url.search}`;
}
