import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { type ActivityRecordKind, activityLimits } from '../../../contract/record-activity';
import { answerData, installRoute } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerEnv } from '../../server-env';
import type { RecordFamily } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';

const familyOf = (kind: ActivityRecordKind): RecordFamily =>
  kind === 'order' || kind === 'product' ? kind : 'receive';

/**
 * `GET /api/index/records/{kind}/{reference}/activity?before=&limit=`: the record's versions as the index
 * stored them, newest first, from the change log (what changed, from where, by whom). Only the index is
 * read: a record it lacks has no activity to show.
 */
export function installRecordActivityRoute(app: Hono<ServerEnv>, { store }: { store: RecordStore }): void {
  installRoute(
    app,
    consoleRoutes.getRecordActivity,
    async (
      c,
      { params: { kind, reference }, query: { before = null, limit = activityLimits.defaultLimit } },
    ) => {
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
    },
  );
}
