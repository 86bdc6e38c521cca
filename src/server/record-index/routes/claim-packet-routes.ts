import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { AttributeKey } from '../../attribute-keys';
import { installRoute } from '../../console-route';
import { errorResponse } from '../../error-envelope';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';
import { claimPacketFileTask } from './claim-packet-file';

/** A file name that says the receive, with what a file name cannot hold left out. */
const fileNameOf = (reference: string, extension: 'pdf' | 'csv') =>
  `claim-${reference.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80)}.${extension}`;

/**
 * `GET /api/index/receives/{reference}/claim.pdf` and `.csv`: the claim packet of a receive or return as
 * the index holds it, for roles that may download exports; every attempt goes into the audit log, as an
 * export does, since the packet names the supplier and what they sent.
 */
export function installClaimPacketRoutes(
  app: Hono<ServerEnv>,
  {
    store,
    auditLog,
    claimWindowDays,
    attributeKeys,
    heavyWork,
  }: {
    store: RecordStore;
    auditLog: AuditLog;
    claimWindowDays: number;
    attributeKeys: AttributeKey[];
    heavyWork: HeavyWork;
  },
): void {
  const attributeLabels = Object.fromEntries(attributeKeys.map(({ key, label }) => [key, label]));
  const packetAnswer = async (
    c: Context<ServerEnv>,
    format: 'pdf' | 'csv',
    reference: string,
  ): Promise<Response> => {
    const record = await store.find('receive', reference);
    const notFound = () =>
      errorResponse(
        404,
        'not_found',
        'No such receive',
        `The console's index holds no receive or return with the reference "${reference.slice(0, 100)}".`,
      );
    if (!record) return notFound();
    return heavyWork.answer(c, 'packet', async () => {
      const file = await heavyWork.pool.run(claimPacketFileTask, {
        documentText: record.documentText,
        format,
        finishedMs: record.finishedMs,
        windowDays: claimWindowDays,
        nowMs: Date.now(),
        attributeLabels,
      });
      if (!file) return notFound();
      return new Response(file.body, {
        status: 200,
        headers: {
          'content-type': format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8; header=present',
          'content-disposition': `attachment; filename="${fileNameOf(file.reference, format)}"`,
          'cache-control': 'no-store',
        },
      });
    });
  };
  for (const format of ['pdf', 'csv'] as const) {
    installRoute(
      app,
      format === 'pdf' ? consoleRoutes.claimPacketPdf : consoleRoutes.claimPacketCsv,
      (c, { params: { reference } }) => packetAnswer(c, format, reference),
      {
        audit: async (c, status) => {
          const person = c.get('person');
          await auditLog.record({
            person: person.name,
            role: person.role,
            action: `Exported a claim packet (${format.toUpperCase()})`,
            target: c.req.param('reference')?.slice(0, 100) ?? 'no reference',
            status,
          });
        },
      },
    );
  }
}
