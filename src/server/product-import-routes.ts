import type { Hono, MiddlewareHandler } from 'hono';
import { consoleRoutes } from '../contract/console-api';
import { errorEnvelopeSchema } from '../contract/envelope';
import type { CreatedRow } from '../contract/product-import';
import { productImportBodyBytes } from '../contract/product-import';
import type { AneRule, AttributePacket } from '../contract/product-rules';
import { refusalFor } from './access';
import { answerData, installRoute } from './console-route';
import type { changeForwarder } from './forward-change';
import { checkImportedRows } from './product-import-check';
import type { RecordStore } from './record-index/store/record-store-port';
import { createBodyLimit } from './request-body-limit';
import type { ServerEnv } from './server-env';

/** The warehouse's own words for a refusal: its first problem's detail, or its title. */
async function refusalWords(response: Response): Promise<string> {
  const envelope = errorEnvelopeSchema.safeParse(await response.json().catch(() => null));
  const first = envelope.success ? envelope.data.errors[0] : undefined;
  return first?.detail ?? first?.title ?? `The warehouse answered ${response.status}`;
}

/**
 * The product CSV import: a dry run of the whole file, then creates of 50 rows at a time. Each create goes
 * the way a person's New product goes (forward-change.ts: role, key, index, audit log), one row at a time,
 * and only after the row passed the dry run's checks again, so a bad row never reaches the warehouse and a
 * row is created whole or not at all. A code the warehouse already holds answers 409: "already existed",
 * so the same file sent twice duplicates nothing.
 */
export function installProductImportRoutes(
  app: Hono<ServerEnv>,
  {
    records,
    forwardChange,
    packet,
    aneRule,
    limitForwards,
  }: {
    records: RecordStore;
    forwardChange: ReturnType<typeof changeForwarder>;
    packet: AttributePacket;
    aneRule: AneRule;
    limitForwards: MiddlewareHandler<ServerEnv>;
  },
): void {
  const limitBody = createBodyLimit(productImportBodyBytes);
  const mayCreate: MiddlewareHandler<ServerEnv> = async (c, next) =>
    refusalFor(c.get('person'), 'products.write') ?? next();

  const check = async (rows: Parameters<typeof checkImportedRows>[0]) => {
    const codes = rows.flatMap(({ product }) =>
      typeof product.productCode === 'string' && product.productCode.trim() !== ''
        ? [product.productCode.trim()]
        : [],
    );
    const held = new Set((await records.heldReferences('product', codes)).map((code) => code.toLowerCase()));
    return checkImportedRows(rows, { packet, aneRule, held });
  };

  installRoute(
    app,
    consoleRoutes.checkProductImport,
    async (c, { body: { rows } }) => {
      const { checked } = await check(rows);
      const counts = { ready: 0, errors: 0, exists: 0 };
      for (const row of checked) counts[row.outcome] += 1;
      return answerData(c, { counts, rows: checked });
    },
    limitBody,
    mayCreate,
  );

  installRoute(
    app,
    consoleRoutes.createProductImport,
    async (c, { body: { rows } }) => {
      const person = c.get('person');
      const { checked, ready } = await check(rows);
      const readyRows = new Map(ready.map((row) => [row.row, row.product]));
      const answered: CreatedRow[] = [];
      let stopped: string | null = null;
      for (const { row, productCode, outcome, problems } of checked) {
        const product = readyRows.get(row);
        if (stopped !== null) {
          answered.push({ row, productCode, outcome: 'not-sent', message: stopped });
        } else if (outcome === 'exists') {
          answered.push({ row, productCode, outcome: 'existed', message: 'Already exists: left as it is' });
        } else if (!product) {
          const message = problems.map((problem) => problem.message).join('; ');
          answered.push({ row, productCode, outcome: 'refused', message });
        } else {
          const { response } = await forwardChange(person, {
            method: 'POST',
            upstreamPrefix: '/warehouse/v1',
            segments: ['products'],
            search: '',
            headers: new Headers({ 'content-type': 'application/json' }),
            body: new TextEncoder().encode(JSON.stringify(product)).buffer as ArrayBuffer,
          });
          if (response.ok) {
            answered.push({ row, productCode, outcome: 'created', message: '' });
          } else if (response.status === 409) {
            answered.push({ row, productCode, outcome: 'existed', message: 'Already exists: left as it is' });
          } else {
            const message = await refusalWords(response);
            answered.push({ row, productCode, outcome: 'refused', message });
            // The warehouse failing (not refusing this row): the rest of the batch waits for another try.
            if (response.status >= 500) stopped = `Not sent: ${message}`;
          }
        }
      }
      return answerData(c, { rows: answered });
    },
    limitBody,
    mayCreate,
    limitForwards,
  );
}
