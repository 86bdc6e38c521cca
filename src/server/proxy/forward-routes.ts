import type { Hono, MiddlewareHandler } from 'hono';
import { compactForm } from '../../domain/search-text';
import { isChangeMethod, rawTarget } from '../../http/request-guards';
import { errorResponse } from '../api/error-envelope';
import { indexAnswer, isExactLookup } from '../record-index/intake/write-through';
import type { RecordStore } from '../record-index/store/record-store-port';
import { operatorReader } from '../record-index/sync/read-back';
import type { ServerEnv } from '../server-env';
import { forwardRequest, type Upstream } from '../upstream/proxy';
import { isInterfaceOperation, parseProxyTarget } from '../upstream/proxy-target';
import type { changeForwarder } from './forward-change';
import { oneAtATimePerKey } from './one-at-a-time';
import { indexOriginalOrder, returnCreateOf, returnLimitRefusal } from './return-limit';

/**
 * The interface at `/api/warehouse/v1/*` (and in sandbox mode the sandbox's operator actions at
 * `/api/sandbox/v1/*`) forwarded with the key: each change checked against the person's role and
 * recorded in the audit log, and each answer that carries a document written through to the index.
 */
export function installForwardRoutes(
  app: Hono<ServerEnv>,
  {
    upstream,
    mode,
    records,
    forwardChange,
    limitBody,
    limitForwards,
  }: {
    upstream: Upstream;
    mode: 'sandbox' | 'upstream';
    records: RecordStore;
    /** How a change reaches the warehouse (forward-change.ts), shared with the product import. */
    forwardChange: ReturnType<typeof changeForwarder>;
    limitBody: MiddlewareHandler;
    /** The caps on requests waiting on the warehouse (held-forwards.ts). */
    limitForwards: MiddlewareHandler<ServerEnv>;
  },
) {
  // A change's body is read (and kept by Hono for the handler) before the request takes a place among
  // those waiting on the warehouse: a slow upload is the connection caps' and the request timeout's to
  // bound, and 50 of them took every place of their person, holding up that person's reads.
  const readBodyFirst: MiddlewareHandler<ServerEnv> = async (c, next) => {
    if (isChangeMethod(c.req.method)) await c.req.arrayBuffer();
    await next();
  };
  const returnCreates = oneAtATimePerKey();
  const readRecord = operatorReader(upstream);
  const forwardBelow = (
    prefix: string,
    upstreamPrefix: string,
    allows: (method: string, segments: string[]) => boolean,
  ) =>
    app.all(`${prefix}/*`, limitBody, readBodyFirst, limitForwards, async (c) => {
      const parsed = parseProxyTarget(rawTarget(c.env?.incoming?.url, c.req.url), prefix);
      if (!parsed.ok) return parsed.response;
      const method = c.req.method;
      if (!allows(method, parsed.segments)) {
        return errorResponse(
          404,
          'not_found',
          'No such operation',
          `${method} ${upstreamPrefix}/${parsed.segments.join('/')} is not an operation of the warehouse interface.`,
        );
      }
      const person = c.get('person');
      if (isChangeMethod(method)) {
        const change = {
          method,
          upstreamPrefix,
          segments: parsed.segments,
          search: parsed.search,
          headers: c.req.raw.headers,
          body: await c.req.arrayBuffer(),
        };
        const returnCreate = upstreamPrefix === '/warehouse/v1' ? returnCreateOf(change) : null;
        const { response, logNote } = await forwardChange(
          person,
          change,
          returnCreate
            ? {
                // The form keeps a return within what its order shipped; so does the console for any other client.
                async checkFirst() {
                  await indexOriginalOrder(records, readRecord, returnCreate);
                  const overLimit = await returnLimitRefusal(records, returnCreate);
                  return overLimit && { response: overLimit, logNote: 'return over what its order shipped' };
                },
                // Two returns of one order at once: the second is checked once the first is answered and indexed.
                around: (send) => returnCreates(compactForm(returnCreate.originalOrder), send),
              }
            : {},
        );
        c.set('logNote', logNote);
        return response;
      }
      const readStartedMs = Date.now();
      const { response, logNote } = await forwardRequest(upstream, {
        method,
        path: `${upstreamPrefix}/${parsed.segments.map(encodeURIComponent).join('/')}`,
        search: parsed.search,
        headers: c.req.raw.headers,
        body: null,
        readsSettings: person.permissions.includes('settings.read'),
      });
      if (response.ok && isExactLookup(parsed.segments, parsed.search)) {
        const answer = await response
          .clone()
          .json()
          .catch(() => undefined);
        if (answer !== undefined)
          await indexAnswer(records, parsed.segments, 'lookup', answer, { readStartedMs });
      }
      c.set('logNote', logNote);
      return response;
    });

  forwardBelow('/api/warehouse/v1', '/warehouse/v1', isInterfaceOperation);
  if (mode === 'sandbox') {
    // The sandbox's operator actions: its own surface, checked there; here only the path safety rules apply.
    forwardBelow('/api/sandbox/v1', '/sandbox/v1', (method) =>
      ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method),
    );
  }
}
