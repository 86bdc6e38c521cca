import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { UnitCostChange } from '../../../contract/unit-costs';
import { formatPrice } from '../../../domain/format';
import { answerData, installRoute } from '../../api/console-route';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';
import { noSuchReceive } from './claim-packet-routes';

/** "line 1 TEE-S $11.00; line 2 MILK taken away", for the audit log. */
const changeWords = (changes: UnitCostChange[]) =>
  changes
    .map(({ line, productCode, unitCost, currency }) => {
      const which = `${line ? `line ${line} ` : ''}${productCode}`;
      return `${which} ${unitCost === null ? 'taken away' : formatPrice(unitCost, currency)}`;
    })
    .join('; ');

/**
 * `GET` and `PATCH /api/index/receives/{reference}/unit-costs`: what a unit of each line of a receive cost
 * from the supplier, entered on the receive by a role that announces receives, for its claim packet. Each
 * change goes into the audit log with the costs as entered.
 */
export function installUnitCostRoutes(
  app: Hono<ServerEnv>,
  { store, auditLog }: { store: RecordStore; auditLog: AuditLog },
): void {
  installRoute(app, consoleRoutes.getUnitCosts, async (c, { params: { reference } }) => {
    const record = await store.find('receive', reference);
    if (!record) return noSuchReceive(reference);
    return answerData(c, { costs: await store.unitCosts(record.reference) });
  });
  installRoute(
    app,
    consoleRoutes.setUnitCosts,
    async (c, { params: { reference }, body: { costs } }) => {
      const person = c.get('person');
      const record = await store.find('receive', reference);
      if (!record) return noSuchReceive(reference);
      const stored = await store.setUnitCosts(record.reference, costs, person.name);
      await auditLog.record({
        person: person.name,
        role: person.role,
        action: 'Entered unit costs',
        target: `${record.reference}: ${changeWords(costs)}`.slice(0, 500),
        status: 200,
      });
      return answerData(c, { costs: stored });
    },
    {
      // A refused change goes into the audit log too.
      audit: async (c, status) => {
        if (status < 400) return;
        const person = c.get('person');
        await auditLog.record({
          person: person.name,
          role: person.role,
          action: 'Entered unit costs',
          target: c.req.param('reference')?.slice(0, 100) ?? '',
          status,
        });
      },
    },
  );
}
