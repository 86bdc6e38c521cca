import type { MiddlewareHandler } from 'hono';
import { hostAllowList, isFromAnotherOrigin } from '../http/request-guards';
import { problem } from './errors';

/**
 * Refuses a `Host` that is not the sandbox's: its keys are published, so a page of another site whose
 * name was made to resolve to this machine (DNS rebinding) could otherwise read and write through the
 * visitor's browser. Loopback names and SANDBOX_ALLOWED_HOSTS are answered.
 */
export function refuseForeignHosts(allowedHosts: string[]): MiddlewareHandler {
  const isAllowedHost = hostAllowList({ publicUrl: null, allowedHosts });
  return async (c, next) => {
    // A request without Host (HTTP/1.0, in-process tests) is read by its URL.
    if (!isAllowedHost(c.req.header('host') ?? new URL(c.req.url).host)) {
      throw problem(
        'host_not_allowed',
        'The sandbox answers only under 127.0.0.1, localhost and the names in SANDBOX_ALLOWED_HOSTS',
      );
    }
    await next();
  };
}

/**
 * Refuses what a browser sends from a page of another origin (another site, or another port of this
 * machine): programs call the interface, pages do not. Clients that are not browsers pass.
 */
export const refuseCrossSiteRequests: MiddlewareHandler = async (c, next) => {
  if (isFromAnotherOrigin(c.req.raw.headers)) {
    throw problem('cross_site_request', 'The interface does not answer pages of other origins');
  }
  await next();
};
