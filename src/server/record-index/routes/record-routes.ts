import type { Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { consoleRoutes } from '../../../contract/console-api';
import {
  type IndexedRecordKind,
  type indexedRecordSchema,
  maxReturnsOfOrder,
  type orderReturnsSchema,
  type productDescriptionsSchema,
} from '../../../contract/index-records';
import { answerData, installRoute } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerEnv } from '../../server-env';
import type { Upstream } from '../../upstream/proxy';
import type { IndexedRecord } from '../records/indexed-record';
import type { RecordStore } from '../store/record-store-port';
import { UpstreamReadError } from '../sync/upstream-reader';
import { lookUpstream } from './index-routes';
import { productDescriptionsOf } from './product-descriptions';

/** A return is a receive (subtype RET): `receive` finds both, `return` only returns. */
const fits = (record: IndexedRecord, kind: IndexedRecordKind) =>
  kind === 'receive' ? record.kind === 'receive' || record.kind === 'return' : record.kind === kind;

function answerOf(record: IndexedRecord): z.input<typeof indexedRecordSchema> {
  return {
    kind: record.kind as IndexedRecordKind,
    reference: record.reference,
    source: record.source,
    asOf: new Date(record.indexedMs).toISOString(),
    updated: record.updatedMs > 0 ? new Date(record.updatedMs).toISOString() : null,
    document: record.document,
  };
}

/**
 * `GET /api/index/records/{kind}/{reference}`: one record as the index holds it, with where it came from
 * and when. One the index lacks is looked up at the operator (and indexed); `?refresh=true` asks the
 * operator first, for a person who wants the warehouse's word now.
 */
export function installRecordRoutes(
  app: Hono<ServerEnv>,
  {
    store,
    upstream,
    limitForwards,
  }: { store: RecordStore; upstream: Upstream; limitForwards: MiddlewareHandler<ServerEnv> },
): void {
  // Every read may ask the service (a record the index lacks, a refresh): each holds a place among the
  // requests waiting on it, as a forward does; one the index answers gives it back at once.
  installRoute(
    app,
    consoleRoutes.getRecord,
    async (c, { params: { kind, reference }, query: { refresh = false } }) => {
      const family = kind === 'order' ? 'order' : 'receive';
      const held = () => store.find(family, reference);
      let record = refresh ? null : await held();
      if (record === null) {
        try {
          record = (await lookUpstream(store, upstream, reference, [family])) ?? (await held());
        } catch (error) {
          if (!(error instanceof UpstreamReadError)) throw error;
          return errorResponse(
            502,
            'upstream_unreachable',
            'The warehouse could not be asked',
            error.message,
          );
        }
      }
      if (record === null || !fits(record, kind)) {
        return errorResponse(
          404,
          'not_found',
          `No such ${kind}`,
          `Neither the console's index nor the warehouse has ${kind === 'order' ? 'an order' : `a ${kind}`} with the reference "${reference.slice(0, 100)}".`,
        );
      }
      return answerData(c, answerOf(record));
    },
    { before: [limitForwards] },
  );

  /** The returns of an order, as the index holds them: what the order page lists and the return form counts. */
  installRoute(app, consoleRoutes.getOrderReturns, async (c, { params: { reference } }) => {
    const returns = (await store.returnsOfOrder(reference, maxReturnsOfOrder)).map(answerOf);
    return answerData(c, { returns } satisfies z.input<typeof orderReturnsSchema>);
  });

  // One question for every code on a page (order lines, what is owed, receive and return lines), answered
  // from the index alone: a code it does not know stays a code, so the operator is never asked.
  installRoute(app, consoleRoutes.getProductDescriptions, async (c, { query: { code: codes = [] } }) => {
    const descriptions = await productDescriptionsOf(store, codes);
    const products = [...descriptions].map(([productCode, productDescription]) => ({
      productCode,
      productDescription,
    }));
    return answerData(c, { products } satisfies z.input<typeof productDescriptionsSchema>);
  });
}
