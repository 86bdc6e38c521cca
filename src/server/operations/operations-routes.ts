import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { isFromAnotherOrigin, isLoopbackAddress } from '../../http/request-guards';
import { errorResponse } from '../api/error-envelope';
import type { ServerEnv } from '../server-env';
import type { ReadinessCheck } from '../store/sqlite/console-db';
import type { ConsoleMetrics } from './console-metrics';

export const operationsPaths = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const noStore = { 'cache-control': 'no-store' };
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Headers a proxy adds: with one, a loopback peer is a proxy on this machine, not the one asking. */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself: its peer is a loopback address and nothing says a
 * proxy passed it on (a TLS proxy on the same machine makes every client's peer 127.0.0.1, whether or not
 * it is in TRUSTED_PROXIES). A request without a socket (in-process) is from nowhere in particular: no.
 */
function fromThisMachine(c: Context<ServerEnv>): boolean {
  const peer = c.env?.incoming?.socket.remoteAddress;
  if (peer === undefined || forwardingHeaders.some((name) => c.req.header(name) !== undefined)) return false;
  return isLoopbackAddress(peer.replace(/^::ffff:/i, ''));
}

/**
 * What a load balancer and a monitoring system ask, outside `/api` and without sign-in: `/healthz` (the
 * process answers), `/readyz` (503 naming what is not ready) and `/metrics` (Prometheus text), none of
 * them with any of the warehouse's data. They sit behind the same guards as every route: host names that
 * are not the console's are refused. `/metrics` is for this machine, or for whoever sends METRICS_TOKEN as
 * a bearer token; anyone else gets 401 (a token is set) or 404 (none is: the metrics are not served off
 * this machine), and a browser page of another site 403.
 */
export function installOperationsRoutes(
  app: Hono<ServerEnv>,
  {
    readiness,
    metrics,
    metricsToken,
    log,
  }: {
    readiness: () => Promise<ReadinessCheck[]>;
    metrics: ConsoleMetrics;
    metricsToken: string | null;
    log: (line: string) => void;
  },
): void {
  app.get(operationsPaths.health, (c) => c.json({ status: 'ok' }, 200, noStore));

  let lastSaid = '';
  app.get(operationsPaths.ready, async (c) => {
    const checks = await readiness();
    const failing = checks.filter((check) => check.problem !== null);
    // Said once when it changes: a load balancer asks every few seconds.
    const said = failing
      .map((check) => `${check.name}: ${check.problem}${check.detail ? ` (${check.detail})` : ''}`)
      .join('; ');
    if (said !== lastSaid) log(said === '' ? 'ready again' : `not ready: ${said}`);
    lastSaid = said;
    return c.json(
      {
        status: failing.length === 0 ? 'ready' : 'not ready',
        checks: Object.fromEntries(checks.map((check) => [check.name, check.problem ?? 'ok'])),
      },
      failing.length === 0 ? 200 : 503,
      noStore,
    );
  });

  const tokenDigest = metricsToken === null ? null : digest(metricsToken);
  app.get(operationsPaths.metrics, async (c) => {
    if (isFromAnotherOrigin(c.req.raw.headers)) {
      return errorResponse(
        403,
        'cross_site_request',
        'The metrics are not for other sites',
        'A page of another site asked for the metrics; monitoring systems send no Origin.',
      );
    }
    const authorization = c.req.header('authorization');
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    const tokenSent = authorization !== undefined;
    const tokenMatches =
      tokenDigest !== null && bearer !== undefined && timingSafeEqual(digest(bearer), tokenDigest);
    if (!tokenMatches && (tokenSent || !fromThisMachine(c))) {
      if (tokenDigest === null) {
        return errorResponse(404, 'not_found', 'Not found', `${c.req.path} does not exist.`);
      }
      return errorResponse(
        401,
        'unauthorized',
        'Metrics need the token',
        'Send METRICS_TOKEN as Authorization: Bearer <token>; only this machine reads the metrics without it.',
        { headers: { 'www-authenticate': 'Bearer realm="metrics"' } },
      );
    }
    return c.body(await metrics.text(), 200, { 'content-type': metrics.contentType, ...noStore });
  });
}
