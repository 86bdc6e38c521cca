import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../config/config';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ConsoleMetrics } from '../../operations/console-metrics';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { Upstream } from '../../upstream/proxy';
import { createChangeFeed } from '../store/change-feed';
import type { RecordStore } from '../store/record-store-port';
import type { IndexChecks } from '../sync/index-checks';
import type { IndexSync } from '../sync/index-sync';
import { installClaimPacketRoutes } from './claim-packet-routes';
import { installIndexListRoutes } from './index-list-routes';
import { installIndexRoutes } from './index-routes';
import { installLiveEvents, type LiveEventLimits } from './live-events-route';
import { installRecordActivityRoute } from './record-activity-route';
import { installRecordRoutes } from './record-routes';
import { installTraceRoutes } from './trace-routes';
import { installUnitCostRoutes } from './unit-cost-routes';
import { installWorkQueueRoutes } from './work-queue-routes';

/**
 * The index of the warehouse's records at `/api`: searches and reads (which may look up at the warehouse,
 * each holding one of `limitForwards`' places), lists, work queues, traces, claim packets, each record's
 * activity and the live event stream; and the index's lag and open streams for `/metrics`.
 */
export function installIndexApi(
  app: Hono<ServerEnv>,
  {
    records,
    sync,
    upstream,
    webhooksOn,
    checks,
    limitForwards,
    auditLog,
    signedIn,
    liveEvents,
    metrics,
    config,
    heavyWork,
  }: {
    records: RecordStore;
    sync: IndexSync | null;
    upstream: Upstream;
    webhooksOn: boolean;
    checks: IndexChecks | null;
    limitForwards: MiddlewareHandler<ServerEnv>;
    auditLog: AuditLog;
    signedIn: (c: Context<ServerEnv>) => Promise<boolean>;
    liveEvents: LiveEventLimits;
    metrics: ConsoleMetrics;
    config: Pick<ServerConfig, 'claimWindowDays' | 'attributeKeys' | 'priceCurrency' | 'claimant'>;
    heavyWork: HeavyWork;
  },
): void {
  installIndexRoutes(app, {
    store: records,
    sync,
    upstream,
    webhooksOn,
    checks,
    limitForwards,
    heavyWork,
  });
  installRecordRoutes(app, { store: records, upstream, limitForwards });
  installRecordActivityRoute(app, { store: records });
  installIndexListRoutes(app, { store: records, auditLog, heavyWork });
  installWorkQueueRoutes(app, { store: records });
  installTraceRoutes(app, { store: records, auditLog, heavyWork });
  installClaimPacketRoutes(app, { store: records, auditLog, config, heavyWork });
  installUnitCostRoutes(app, { store: records, auditLog });
  const liveStreams = installLiveEvents(app, {
    feed: createChangeFeed(records),
    signedIn,
    reach: upstream.reach ?? null,
    limits: liveEvents,
  });
  metrics.watch({
    indexLagSeconds: async () => {
      const newestMs = await records.newestUpdateMs();
      return newestMs === null ? null : Math.max(0, (Date.now() - newestMs) / 1000);
    },
    liveStreams: liveStreams.openCount,
  });
}
