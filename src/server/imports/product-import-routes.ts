import type { Context, Hono, MiddlewareHandler } from 'hono';
import { consoleRoutes } from '../../contract/console-api';
import { errorEnvelopeSchema } from '../../contract/envelope';
import type { ProductCreate } from '../../contract/product';
import {
  alreadyExistsWords,
  type CreatedRow,
  echoed,
  productCreateBatchBytes,
  productImportBodyBytes,
} from '../../contract/product-import';
import type { AneRule, AttributePacket } from '../../contract/product-rules';
import { productCodeLookup } from '../../contract/query-parameters';
import { answerData, installRoute, refusalOf as refusalOfProblems } from '../api/console-route';
import { createBodyLimit } from '../api/request-body-limit';
import type { HeavyWork } from '../heavy-work/heavy-work';
import type { changeForwarder } from '../proxy/forward-change';
import { indexAnswer } from '../record-index/intake/write-through';
import type { RecordStore } from '../record-index/store/record-store-port';
import type { Person, ServerEnv } from '../server-env';
import type { AuditLog } from '../store/audit-log';
import { forwardRequest, type Upstream } from '../upstream/proxy';
import { checkImportedRows, codeOf } from './product-import-check';
import { checkProductImportTask } from './product-import-task';

/** A refusal's problems: the warehouse's words for each (the member it points at first), and the pointers. */
async function refusalOf(response: Response): Promise<{ words: string; pointers: string[] }> {
  const envelope = errorEnvelopeSchema.safeParse(await response.json().catch(() => null));
  const items = envelope.success ? envelope.data.errors.slice(0, 3) : [];
  const words = items
    .map((item) => {
      const said = item.detail ?? item.title ?? '';
      const member = item.source?.pointer?.replace(/^\//, '');
      return member ? `${member}: ${said}` : said;
    })
    .join('; ');
  return {
    words: echoed(words || `The warehouse answered ${response.status}`),
    pointers: items.flatMap((item) => (item.source?.pointer ? [item.source.pointer.toLowerCase()] : [])),
  };
}

/**
 * The warehouse failing, not refusing the row: the rest of the batch and of the file would fare the same.
 * After a failure while it held the row (5xx, 408, 504 from the console's timeout) the row may or may not
 * have been created; after 401, 403 or 429 it was not.
 */
function failureOf(status: number): 'unknown' | 'not-sent' | null {
  if (status >= 500 || status === 408) return 'unknown';
  if (status === 401 || status === 403 || status === 429) return 'not-sent';
  return null;
}

/** Creates one ready row the way a person's New product is, and says what came of it. */
function rowCreator({
  upstream,
  records,
  forwardChange,
}: {
  upstream: Upstream;
  records: RecordStore;
  forwardChange: ReturnType<typeof changeForwarder>;
}) {
  /** Whether the warehouse holds `code`, read (and so indexed) after a refusal that may say it is taken. */
  const heldAtWarehouse = async (code: string) => {
    const readStartedMs = Date.now();
    const { response } = await forwardRequest(upstream, {
      method: 'GET',
      path: '/warehouse/v1/products',
      search: `?${productCodeLookup.parameter}=${encodeURIComponent(code)}`,
      headers: new Headers(),
      body: null,
      readsSettings: false,
    });
    if (!response.ok) return false;
    const answer = await response.json().catch(() => undefined);
    const listed = (answer as { data?: { products?: unknown[] } } | undefined)?.data?.products;
    if (!Array.isArray(listed) || listed.length === 0) return false;
    await indexAnswer(records, ['products'], 'lookup', answer, { readStartedMs });
    return true;
  };
  /** One ready row created the way a person's New product is, and what came of it. */
  return async (
    person: Person,
    { row, productCode, product }: { row: number; productCode: string; product: ProductCreate },
  ): Promise<{ answer: CreatedRow; logNote?: string; failure?: string }> => {
    const { response, logNote } = await forwardChange(person, {
      method: 'POST',
      upstreamPrefix: '/warehouse/v1',
      segments: ['products'],
      search: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: new TextEncoder().encode(JSON.stringify(product)).buffer as ArrayBuffer,
    });
    const answer = (outcome: CreatedRow['outcome'], message: string) => ({
      answer: { row, productCode, outcome, message },
      logNote,
    });
    if (response.ok) return answer('created', '');
    const refusal = await refusalOf(response);
    // A duplicate code may be refused with 409 or with a 400 on the code (operator-docs.md).
    const mayBeTaken =
      response.status === 409 || (response.status === 400 && refusal.pointers.includes('/productcode'));
    if (mayBeTaken && (await heldAtWarehouse(productCode))) return answer('existed', alreadyExistsWords);
    const failure = failureOf(response.status);
    if (failure === null) return answer('refused', refusal.words);
    const said = `The warehouse answered ${response.status}: ${refusal.words}`;
    return {
      ...answer(
        failure,
        failure === 'unknown' ? `${said}. It may have been created: import the file again to see` : said,
      ),
      failure: said,
    };
  };
}

/** An import refused (by role, size, body or load) goes into the audit log; one let through changes nothing yet. */
function refusalAuditor(auditLog: AuditLog) {
  return (action: string) => async (c: Context<ServerEnv>, status: number) => {
    if (status < 400) return;
    const person = c.get('person');
    await auditLog.record({
      person: person.name,
      role: person.role,
      action,
      target: 'a product CSV',
      status,
    });
  };
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
    upstream,
    records,
    forwardChange,
    packet,
    aneRule,
    limitForwards,
    heavyWork,
    auditLog,
  }: {
    upstream: Upstream;
    records: RecordStore;
    forwardChange: ReturnType<typeof changeForwarder>;
    packet: AttributePacket;
    aneRule: AneRule;
    limitForwards: MiddlewareHandler<ServerEnv>;
    heavyWork: HeavyWork;
    auditLog: AuditLog;
  },
): void {
  const limitCheckBody = createBodyLimit(productImportBodyBytes);
  const limitCreateBody = createBodyLimit(productCreateBatchBytes);

  const createOne = rowCreator({ upstream, records, forwardChange });
  const auditRefusal = refusalAuditor(auditLog);
  const heldCodes = async (codes: string[]) =>
    new Set((await records.heldReferences('product', codes)).map((code) => code.toLowerCase()));

  // Its place in the line is taken before its body is read: a dry run waiting holds only its connection.
  // The body is read and checked in a worker thread; only the codes are looked up here.
  installRoute(
    app,
    consoleRoutes.checkProductImport,
    (c) =>
      heavyWork.answer(c, 'import', async () => {
        const body = new Uint8Array(await c.req.arrayBuffer());
        const read = await heavyWork.pool.run(checkProductImportTask, { body, packet, aneRule });
        if ('problems' in read) return refusalOfProblems(read.problems);
        const held = await heldCodes(read.codes);
        const counts = { ready: 0, errors: 0, exists: 0 };
        const rows = read.checked.map((row) => {
          const outcome =
            row.outcome === 'ready' && held.has(row.productCode.toLowerCase()) ? 'exists' : row.outcome;
          counts[outcome] += 1;
          return { ...row, outcome };
        });
        return answerData(c, { counts, rows });
      }),
    { body: 'raw', before: [limitCheckBody], audit: auditRefusal('Checked a product import') },
  );

  installRoute(
    app,
    consoleRoutes.createProductImport,
    async (c, { body: { rows } }) => {
      const person = c.get('person');
      const held = await heldCodes(rows.map(codeOf).filter((code) => code !== ''));
      const { checked, ready } = checkImportedRows(rows, { packet, aneRule, held });
      const readyRows = new Map(ready.map((row) => [row.row, row.product]));
      const answered: CreatedRow[] = [];
      let stopped: string | null = null;
      // What the request log says of the forwards (a timeout, a key echoed), once each.
      const notes = new Set<string>();
      for (const { row, productCode, outcome, problems } of checked) {
        const product = readyRows.get(row);
        if (stopped !== null) {
          answered.push({ row, productCode, outcome: 'not-sent', message: stopped });
        } else if (outcome === 'exists') {
          answered.push({ row, productCode, outcome: 'existed', message: alreadyExistsWords });
        } else if (!product) {
          const message = problems.map((problem) => problem.message).join('; ');
          answered.push({ row, productCode, outcome: 'refused', message });
        } else {
          const sent = await createOne(person, { row, productCode, product });
          if (sent.logNote) notes.add(sent.logNote);
          answered.push(sent.answer);
          if (sent.answer.outcome === 'unknown' || sent.answer.outcome === 'not-sent')
            stopped = `Not sent: the import stopped at row ${row} (${sent.failure})`;
        }
      }
      if (notes.size > 0) c.set('logNote', [...notes].join('; '));
      return answerData(c, { rows: answered });
    },
    { before: [limitCreateBody, limitForwards], audit: auditRefusal('Imported products') },
  );
}
