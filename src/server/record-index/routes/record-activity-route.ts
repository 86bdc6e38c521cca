import type { Hono } from 'hono';
import { limits } from '../../../contract/limits';
import {
  type ActivityRecordKind,
  activityLimits,
  activityRecordKinds,
} from '../../../contract/record-activity';
import { answerData } from '../../console-route';
import { errorResponse } from '../../error-envelope';
import type { ServerEnv } from '../../server-env';
import type { RecordFamily } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';

type ActivityRequest = { kind: ActivityRecordKind; reference: string; before: number | null; limit: number };

const wholeNumber = /^[1-9]\d{0,15}$/;

function readActivityRequest(
  kind: string,
  reference: string,
  before: string | undefined,
  limit: string | undefined,
): ActivityRequest | { parameter: string; detail: string } {
  if (!(activityRecordKinds as readonly string[]).includes(kind))
    return { parameter: 'kind', detail: `kind is one of ${activityRecordKinds.join(', ')}.` };
  if (reference.trim() === '' || reference.length > limits.maxLength.reference)
    return {
      parameter: 'reference',
      detail: `A reference has 1 to ${limits.maxLength.reference} characters.`,
    };
  if (before !== undefined && !(wholeNumber.test(before) && Number.isSafeInteger(Number(before))))
    return { parameter: 'before', detail: 'before is the nextBefore of an earlier page.' };
  if (limit !== undefined && !(wholeNumber.test(limit) && Number(limit) <= activityLimits.maxLimit))
    return { parameter: 'limit', detail: `limit is a whole number from 1 to ${activityLimits.maxLimit}.` };
  return {
    kind: kind as ActivityRecordKind,
    reference,
    before: before === undefined ? null : Number(before),
    limit: limit === undefined ? activityLimits.defaultLimit : Number(limit),
  };
}

const familyOf = (kind: ActivityRecordKind): RecordFamily =>
  kind === 'order' || kind === 'product' ? kind : 'receive';

/**
 * `GET /api/index/records/{kind}/{reference}/activity?before=&limit=`: the record's versions as the index
 * stored them, newest first, from the change log (what changed, from where, by whom). Only the index is
 * read: a record it lacks has no activity to show.
 */
export function installRecordActivityRoute(app: Hono<ServerEnv>, { store }: { store: RecordStore }): void {
  app.get('/api/index/records/:kind/:reference/activity', async (c) => {
    const asked = readActivityRequest(
      c.req.param('kind'),
      c.req.param('reference'),
      c.req.query('before'),
      c.req.query('limit'),
    );
    if ('parameter' in asked) {
      return errorResponse(400, 'validation_failed', 'The activity asked for is not valid', asked.detail, {
        pointer: `/${asked.parameter}`,
        parameter: asked.parameter,
      });
    }
    const { kind, reference, before, limit } = asked;
    const record = await store.find(familyOf(kind), reference);
    // A return is a receive (subtype RET): `receive` finds both, as the record's own read does.
    const fits =
      record !== null && (record.kind === kind || (kind === 'receive' && record.kind === 'return'));
    if (!fits) {
      return errorResponse(
        404,
        'not_found',
        `No such ${kind}`,
        `The console's index holds no ${kind} with the reference "${reference.slice(0, 100)}".`,
      );
    }
    return answerData(c, await store.activity(record, { before, limit }));
  });
}
