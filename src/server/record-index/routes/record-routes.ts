import type { Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  type IndexedRecordKind,
  indexedRecordKinds,
  type indexedRecordSchema,
  maxProductDescriptionCodes,
  maxReturnsOfOrder,
  type orderReturnsSchema,
  type productDescriptionsSchema,
} from '../../../contract/index-records';
import { limits } from '../../../contract/limits';
import { answerData } from '../../console-route';
import { errorResponse } from '../../error-envelope';
import type { Upstream } from '../../proxy';
import type { ServerEnv } from '../../server-env';
import type { IndexedRecord } from '../records/indexed-record';
import type { RecordStore } from '../store/record-store-port';
import { UpstreamReadError } from '../sync/upstream-reader';
import { lookUpstream } from './index-routes';

const isKind = (value: string): value is IndexedRecordKind =>
  (indexedRecordKinds as readonly string[]).includes(value);

/** A return is a receive (subtype RET): `receive` finds both, `return` only returns. */
const fits = (record: IndexedRecord, kind: IndexedRecordKind) =>
  kind === 'receive' ? record.kind === 'receive' || record.kind === 'return' : record.kind === kind;

function readRecordRequest(
  kind: string,
  reference: string,
  refresh: string | undefined,
): { kind: IndexedRecordKind; reference: string; refresh: boolean } | { parameter: string; detail: string } {
  if (!isKind(kind)) return { parameter: 'kind', detail: `kind is one of ${indexedRecordKinds.join(', ')}.` };
  if (reference.trim() === '' || reference.length > limits.maxLength.reference)
    return {
      parameter: 'reference',
      detail: `A reference has 1 to ${limits.maxLength.reference} characters.`,
    };
  if (refresh !== undefined && refresh !== 'true' && refresh !== 'false')
    return { parameter: 'refresh', detail: 'refresh is true or false.' };
  return { kind, reference, refresh: refresh === 'true' };
}

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
  app.get('/api/index/records/:kind/:reference', limitForwards, async (c) => {
    const asked = readRecordRequest(c.req.param('kind'), c.req.param('reference'), c.req.query('refresh'));
    if ('parameter' in asked) return badRequest(asked);
    const { kind, reference, refresh } = asked;
    const family = kind === 'order' ? 'order' : 'receive';
    const held = () => store.find(family, reference);
    let record = refresh ? null : await held();
    if (record === null) {
      try {
        record = (await lookUpstream(store, upstream, reference, [family])) ?? (await held());
      } catch (error) {
        if (!(error instanceof UpstreamReadError)) throw error;
        return errorResponse(502, 'upstream_unreachable', 'The warehouse could not be asked', error.message);
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
  });

  /** The returns of an order, as the index holds them: what the order page lists and the return form counts. */
  app.get('/api/index/orders/:reference/returns', async (c) => {
    const asked = readRecordRequest('order', c.req.param('reference'), undefined);
    if ('parameter' in asked) return badRequest(asked);
    const returns = (await store.returnsOfOrder(asked.reference, maxReturnsOfOrder)).map(answerOf);
    return answerData(c, { returns } satisfies z.input<typeof orderReturnsSchema>);
  });

  // One question for every code on a page (order lines, what is owed, receive and return lines), answered
  // from the index alone: a code it does not know stays a code, so the operator is never asked.
  app.get('/api/index/products/descriptions', async (c) => {
    const codes = [...new Set(c.req.queries('code') ?? [])];
    if (
      codes.length > maxProductDescriptionCodes ||
      codes.some((code) => code.length > limits.maxLength.productCode)
    )
      return badRequest({
        parameter: 'code',
        detail: `Ask for at most ${maxProductDescriptionCodes} product codes of at most ${limits.maxLength.productCode} characters each.`,
      });
    const found = await Promise.all(codes.map((code) => store.find('product', code)));
    const products = codes.flatMap((code, index) => {
      const description = found[index]?.document.productDescription;
      return typeof description === 'string' && description !== ''
        ? [{ productCode: code, productDescription: description }]
        : [];
    });
    return answerData(c, { products } satisfies z.input<typeof productDescriptionsSchema>);
  });
}

function badRequest(asked: { parameter: string; detail: string }): Response {
  return errorResponse(400, 'validation_failed', 'The record asked for is not valid', asked.detail, {
    pointer: `/${asked.parameter}`,
    parameter: asked.parameter,
  });
}
