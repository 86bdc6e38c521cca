import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { installRoute } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerConfig } from '../../config/config';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { IndexedRecord } from '../records/indexed-record';
import type { RecordStore } from '../store/record-store-port';
import { claimPacketCodesTask, claimPacketFileTask } from './claim-packet-file';
import { downloadHeaders } from './export-stream';
import { productFactsOf } from './product-descriptions';

/** A file name that says the receive, with what a file name cannot hold left out. */
const fileNameOf = (reference: string, extension: 'pdf' | 'csv') =>
  `claim-${reference.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80)}.${extension}`;

type PacketConfig = Pick<ServerConfig, 'claimWindowDays' | 'attributeKeys' | 'priceCurrency' | 'claimant'>;

/** 404: the index holds no receive or return of `reference`. */
export const noSuchReceive = (reference: string) =>
  errorResponse(
    404,
    'not_found',
    'No such receive',
    `The console's index holds no receive or return with the reference "${reference.slice(0, 100)}".`,
  );

/**
 * Nothing to claim yet: nothing of it arrived, and the warehouse has not finalized it (a receive finalized
 * with nothing received is a claim for all of it).
 */
const notArrived = (record: IndexedRecord) =>
  record.received === 0 && record.status !== 'FIN'
    ? errorResponse(
        409,
        'conflict',
        'Nothing has arrived yet',
        `Nothing of ${record.kind} ${record.reference.slice(0, 100)} has arrived yet: its claim packet is made once goods arrive or the warehouse finalizes it.`,
      )
    : null;

/**
 * `GET /api/index/receives/{reference}/claim.pdf` and `.csv`: the claim packet of a receive or return as
 * the index holds it, for roles that may download exports; every attempt goes into the audit log, as an
 * export does, since the packet names the supplier and what they sent. The document is read in a worker
 * thread, twice: for the product codes it names (whose names and prices are then read from the index
 * here), and for the file.
 */
export function installClaimPacketRoutes(
  app: Hono<ServerEnv>,
  {
    store,
    auditLog,
    config,
    heavyWork,
  }: { store: RecordStore; auditLog: AuditLog; config: PacketConfig; heavyWork: HeavyWork },
): void {
  const attributeLabels = Object.fromEntries(config.attributeKeys.map(({ key, label }) => [key, label]));
  const packetAnswer = async (
    c: Context<ServerEnv>,
    format: 'pdf' | 'csv',
    { reference, timeZone = 'UTC' }: { reference: string; timeZone?: string },
  ): Promise<Response> => {
    const record = await store.find('receive', reference);
    if (!record) return noSuchReceive(reference);
    const refusal = notArrived(record);
    if (refusal) return refusal;
    return heavyWork.answer(c, 'packet', async () => {
      const codes = await heavyWork.pool.run(claimPacketCodesTask, record.documentText);
      if (!codes) return noSuchReceive(reference);
      const file = await heavyWork.pool.run(claimPacketFileTask, {
        documentText: record.documentText,
        format,
        finishedMs: record.finishedMs,
        windowDays: config.claimWindowDays,
        nowMs: Date.now(),
        attributeLabels,
        products: Object.fromEntries(await productFactsOf(store, codes)),
        priceCurrency: config.priceCurrency,
        claimant: config.claimant,
        unitCosts: await store.unitCosts(record.reference),
        timeZone,
      });
      if (!file) return noSuchReceive(reference);
      return new Response(file.body, {
        status: 200,
        headers: downloadHeaders(format, fileNameOf(file.reference, format)),
      });
    });
  };
  for (const format of ['pdf', 'csv'] as const) {
    installRoute(
      app,
      format === 'pdf' ? consoleRoutes.claimPacketPdf : consoleRoutes.claimPacketCsv,
      (c, { params, query }) => packetAnswer(c, format, { ...params, ...query }),
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
