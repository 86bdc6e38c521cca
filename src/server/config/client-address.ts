import { BlockList, isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** `::ffff:192.0.2.7` is how Node shows an IPv4 peer on a dual-stack socket: the same address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

/**
 * TRUSTED_PROXIES: the addresses (`10.0.0.5`) and ranges (`10.0.0.0/8`, `fd00::/8`) of the reverse proxies
 * in front of the console. Throws naming the first entry that is neither.
 */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? null : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== null && !(/^\d+$/.test(prefix as string) && bits <= maxBits))
    ) {
      throw new Error(
        `TRUSTED_PROXIES must list addresses or ranges such as 10.0.0.5 or 10.0.0.0/8, not "${entry}"`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Who sent a request, for the limits on sign-in and webhook tokens: the socket's peer, or, when that peer
 * is a trusted proxy, the right-most address in `X-Forwarded-For` that is not one (each proxy appends the
 * peer it saw, so entries left of the first untrusted one are whatever the client wrote).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: BlockList,
): string {
  let address = plainAddress(peer ?? 'unknown');
  if (!isTrusted(trustedProxies, address) || forwardedFor === undefined) return address;
  const hops = forwardedFor
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter((hop) => hop !== '');
  for (const hop of hops.reverse()) {
    // A hop that is no address is what a trusted proxy saw, so it is the client as far as we can tell.
    address = hop.slice(0, 100);
    if (!isTrusted(trustedProxies, address)) break;
  }
  return address;
}

/**
 * Says once, in the log, that requests carry X-Forwarded-For while TRUSTED_PROXIES names no proxy: every
 * client behind that proxy then counts as its one address, and the sign-in limits lock them out together.
 */
export function warnOfUnnamedProxy(trustedProxies: string[], log: (line: string) => void): MiddlewareHandler {
  let said = trustedProxies.length > 0;
  return async (c, next) => {
    if (!said && c.req.header('x-forwarded-for') !== undefined) {
      said = true;
      log(
        "warning: requests carry X-Forwarded-For but TRUSTED_PROXIES is unset, so every client behind that proxy counts as its one address (sign-in limits lock them out together): set TRUSTED_PROXIES to the proxy's address",
      );
    }
    await next();
  };
}
