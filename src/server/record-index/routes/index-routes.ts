import type { Hono, MiddlewareHandler } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { SearchMatch as AnsweredMatch } from '../../../contract/index-search';
import { answerData, installRoute } from '../../api/console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { Upstream } from '../../upstream/proxy';
import {
  type IndexedDocument,
  isUnreadable,
  type RecordFamily,
  readProductDocument,
  readWarehouseDocument,
} from '../records/indexed-document';
import type { IndexedRecord } from '../records/indexed-record';
import { searchAllowingTypos } from '../search/close-spellings';
import type { SearchMatch } from '../search/record-search';
import { readSearchQuery } from '../search/search-terms';
import type { RecordStore } from '../store/record-store-port';
import type { IndexChecks } from '../sync/index-checks';
import type { IndexSync } from '../sync/index-sync';
import { readUpstream } from '../sync/upstream-reader';
import { productDescriptionsOf } from './product-descriptions';

/** A match as the route answers it, its items named by their products' descriptions where the index has them. */
function toMatch({ record, match, spelledAs }: SearchMatch, names: Map<string, string>): AnsweredMatch {
  return {
    kind: record.kind,
    id: record.upstreamId,
    primaryReference: record.reference,
    title: record.title,
    status: record.status,
    state: record.state,
    matchedField: match.field,
    snippet: match.value.slice(0, 200),
    spelledAs: spelledAs ?? null,
    created: record.createdMs === null ? null : new Date(record.createdMs).toISOString(),
    ...record.glance,
    items: record.glance.items.map((item) => ({ ...item, productName: names.get(item.productCode) ?? null })),
  };
}

/**
 * An exact reference the index does not hold yet is asked of the service (orders, receives, then
 * products, or only the families given), so nothing is harder to find than before the index; what it
 * finds is indexed as a lookup, and a version the index already held counts as confirmed just now. An
 * answer that is another record (a service that ignores the filter) is no match. Nothing found while a
 * question failed is that failure (an UpstreamReadError), not "nowhere".
 */
export async function lookUpstream(
  store: RecordStore,
  upstream: Upstream,
  reference: string,
  families: readonly RecordFamily[] = ['order', 'receive', 'product'],
): Promise<IndexedRecord | null> {
  const lookups = [
    {
      path: '/warehouse/v1/orders',
      query: { PrimaryReference: reference },
      member: 'orders',
      read: readWarehouseDocument,
      family: 'order',
    },
    {
      path: '/warehouse/v1/receives',
      query: { PrimaryReference: reference },
      member: 'receives',
      read: readWarehouseDocument,
      family: 'receive',
    },
    {
      path: '/warehouse/v1/products',
      query: { productcode: reference },
      member: 'products',
      read: readProductDocument,
      family: 'product',
    },
  ] as const;
  let failure: unknown = null;
  for (const lookup of lookups.filter(({ family }) => families.includes(family))) {
    const readStartedMs = Date.now();
    const data = (await readUpstream(upstream, lookup.path, lookup.query).catch((error: unknown) => {
      failure = error;
      return null;
    })) as Record<string, unknown> | null;
    const found = data?.[lookup.member];
    if (!Array.isArray(found)) continue;
    const document = found
      .slice(0, 10)
      .map(lookup.read)
      .find(
        (read): read is IndexedDocument =>
          !isUnreadable(read) && read.family === lookup.family && sameReference(read.reference, reference),
      );
    if (!document) continue;
    await store.applyOrConfirm(document, 'lookup', { readStartedMs });
    return store.find(lookup.family, document.reference);
  }
  if (failure) throw failure;
  return null;
}

/** References compare as the service looks them up: in any case. */
const sameReference = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Search over the index (`/api/search`) and the index's state for the sync page (`/api/index/status`). */
export function installIndexRoutes(
  app: Hono<ServerEnv>,
  {
    store,
    sync,
    upstream,
    webhooksOn,
    checks,
    limitForwards,
    heavyWork,
  }: {
    store: RecordStore;
    sync: IndexSync | null;
    upstream: Upstream;
    webhooksOn: boolean;
    checks: IndexChecks | null;
    /** A search that may ask the service holds a place among the requests waiting on it, as a forward does. */
    limitForwards: MiddlewareHandler<ServerEnv>;
    heavyWork: HeavyWork;
  },
): void {
  const limitLookups: MiddlewareHandler<ServerEnv> = (c, next) =>
    c.req.query('lookup') === 'false' ? next() : limitForwards(c, next);
  installRoute(
    app,
    consoleRoutes.search,
    async (c, { query: { q: raw = '', kind, limit = 20, offset = 0, lookup = true } }) => {
      const query = readSearchQuery(raw);
      // One more than the page asked for says whether another follows.
      const found = await heavyWork.turn(c, 'search', () =>
        searchAllowingTypos(store, query, { kind, limit: limit + 1, offset }),
      );
      let { total, totalExact } = found;
      const hasMore = found.matches.length > limit;
      let matches = found.matches.slice(0, limit);
      // The palette asks with lookup=false: a keystroke must not become up to three requests to the service.
      if (lookup && matches.length === 0 && offset === 0 && query.text !== '' && !/\s/.test(query.text)) {
        // The search still answers from the index when the service cannot be asked.
        const looked = await lookUpstream(store, upstream, query.text).catch(() => null);
        if (looked && (!kind || looked.kind === kind)) {
          matches = [
            {
              record: looked,
              match: {
                field: looked.kind === 'product' ? 'productCode' : 'primaryReference',
                value: looked.reference,
                exact: true,
                group: 'refs',
              },
            },
          ];
          [total, totalExact] = [1, true];
        }
      }
      const names = await productDescriptionsOf(
        store,
        matches.flatMap(({ record }) => record.glance.items.map((item) => item.productCode)),
      );
      return answerData(c, {
        matches: matches.map((match) => toMatch(match, names)),
        hasMore,
        total,
        totalExact,
      });
    },
    { before: [limitLookups] },
  );

  installRoute(app, consoleRoutes.getIndexStatus, async (c) => {
    const [newestMs, intake, syncStatus, records] = await Promise.all([
      store.newestUpdateMs(),
      store.intakeSummary(),
      sync?.status() ?? null,
      store.counts(),
    ]);
    return answerData(c, {
      webhooks: { enabled: webhooksOn, ...intake },
      sync: syncStatus,
      checks: checks && { readBack: checks.readBack.counts(), drift: checks.drift.counts() },
      newestChange: newestMs === null ? null : new Date(newestMs).toISOString(),
      lagSeconds: newestMs === null ? null : Math.max(0, Math.round((Date.now() - newestMs) / 1000)),
      records,
    });
  });
}
