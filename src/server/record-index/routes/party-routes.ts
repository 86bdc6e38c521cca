import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { type Order, orderSchema } from '../../../contract/order';
import type { CustomerRecord, SupplierReceive } from '../../../contract/parties';
import { type Receive, receiveSchema, senderOf } from '../../../contract/receive';
import { originalOrderOf } from '../../../contract/return-references';
import { claimWindowOf } from '../../../domain/claim-window';
import { customerExactKey, supplierExactKey } from '../../../domain/parties';
import { answerData, installRoute, refusalOf } from '../../api/console-route';
import { errorResponse } from '../../api/error-envelope';
import type { ServerConfig } from '../../config/config';
import type { ServerEnv } from '../../server-env';
import type { IndexedRecord } from '../records/indexed-record';
import { readPartyCursor } from '../store/party-keysets';
import type { RecordStore } from '../store/record-store-port';
import { type ClaimTotal, claimPacketOf } from './claim-packet';
import { productDescriptionsOf, productFactsOf } from './product-descriptions';

const dayMs = 86_400_000;
const pageSize = 50;
const iso = (ms: number | null) => (ms === null || ms <= 0 ? null : new Date(ms).toISOString());
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const refusedCursor = () =>
  refusalOf([
    {
      parameter: 'cursor',
      detail: 'cursor is not one this page gave out: pass nextCursor of the page before.',
    },
  ]);
const notFound = (what: string, key: string) =>
  errorResponse(
    404,
    'not_found',
    `No such ${what}`,
    `The console's index holds no records of the ${what} "${key.slice(0, 100)}".`,
  );

type Line = { productCode: string; quantity: number };

/** What an order or return held, as its document says. */
function linesOf(record: IndexedRecord): Line[] {
  if (record.kind === 'order') {
    const order = orderSchema.safeParse(record.document);
    return order.success ? order.data.orderLines : [];
  }
  const receive = receiveSchema.safeParse(record.document);
  return receive.success ? receive.data.receiveLines : [];
}

/** An order or return as a customer's page lists it, its products named where the index holds them. */
function customerRecordOf(record: IndexedRecord, lines: Line[], names: Map<string, string>): CustomerRecord {
  const receive = record.kind === 'return' ? receiveSchema.safeParse(record.document) : null;
  return {
    kind: record.kind === 'order' ? 'order' : 'return',
    reference: record.reference,
    state: record.state,
    status: record.status,
    created: iso(record.createdMs),
    updated: iso(record.updatedMs),
    lines: lines.map((line) => ({
      productCode: line.productCode,
      productName: names.get(line.productCode) ?? null,
      quantity: line.quantity,
    })),
    originalOrder: receive?.success ? (originalOrderOf(receive.data) ?? '') : '',
  };
}

/** Who a customer is, from their newest record's address block. */
function contactOf(records: IndexedRecord[]) {
  for (const record of records) {
    const parsed =
      record.kind === 'order'
        ? orderSchema.safeParse(record.document)
        : receiveSchema.safeParse(record.document);
    if (!parsed.success) continue;
    const block =
      'orderLines' in parsed.data
        ? (parsed.data as Order).shipToAddress
        : (parsed.data as Receive).shipFromAddress;
    const contact = block?.contact;
    const address = block?.address;
    return {
      name: contact?.personName || address?.organization || '',
      email: contact?.emailAddress ?? '',
      phone: contact?.phoneNumber || contact?.mobileNumber || '',
      address: [
        address?.organization,
        address?.addressLine1,
        address?.addressLine2,
        [address?.city, address?.state, address?.postalCode].filter(Boolean).join(' '),
        address?.country,
      ].filter((part): part is string => Boolean(part)),
    };
  }
  return { name: '', email: '', phone: '', address: [] };
}

/** A receive as a supplier's record lists it: how it came, how late, and its claim window while open. */
function supplierReceiveOf(
  record: IndexedRecord,
  windowDays: number,
  nowMs: number,
): Omit<SupplierReceive, 'claimWorth'> {
  const window = record.short || record.over ? claimWindowOf(record.finishedMs, windowDays, nowMs) : null;
  return {
    reference: record.reference,
    state: record.state,
    status: record.status,
    eta: iso(record.dueMs),
    finished: iso(record.finishedMs),
    announced: record.announced,
    received: record.received,
    unitsShort: record.unitsShort,
    unitsOver: record.unitsOver,
    daysLate:
      record.finishedMs === null || record.dueMs === null
        ? null
        : Math.floor((record.finishedMs - record.dueMs) / dayMs),
    claimDaysLeft: window && window.daysLeft > 0 ? window.daysLeft : null,
  };
}

/** What a receive's claim is worth (claimPacketOf: unit costs entered, else the products' prices), per currency. */
async function claimWorthOf(
  store: RecordStore,
  record: IndexedRecord,
  config: PartyConfig,
  nowMs: number,
): Promise<ClaimTotal[]> {
  const parsed = receiveSchema.safeParse(record.document);
  if (!parsed.success) return [];
  const codes = parsed.data.receiveLines.map((line) => line.productCode);
  const packet = claimPacketOf(parsed.data, {
    finishedMs: record.finishedMs,
    windowDays: config.claimWindowDays,
    nowMs,
    attributeLabels: {},
    products: Object.fromEntries(await productFactsOf(store, codes)),
    priceCurrency: config.priceCurrency,
    claimant: config.claimant,
    unitCosts: await store.unitCosts(record.reference),
  });
  return packet.totals;
}

type PartyConfig = Pick<ServerConfig, 'claimWindowDays' | 'priceCurrency' | 'claimant'>;

/**
 * A customer's page (`GET /api/index/customers/{key}`: their orders and returns, newest change first) and
 * a supplier's record (`GET /api/index/suppliers/{key}`: every receive, how often short or over, how late),
 * each a page at a time from the index, found by the exact keys every write keeps (parties.ts).
 */
export function installPartyRoutes(
  app: Hono<ServerEnv>,
  { store, config }: { store: RecordStore; config: PartyConfig },
): void {
  installRoute(app, consoleRoutes.getCustomer, async (c, { params: { key }, query }) => {
    const after = query.cursor === undefined ? undefined : readPartyCursor(query.cursor);
    if (after === null) return refusedCursor();
    const page = await store.partyRecords(customerExactKey(key), ['order', 'return'], {
      limit: pageSize,
      after,
    });
    if (page.records.length === 0 && after === undefined) return notFound('customer', key);
    const records = page.records.map((record) => ({ record, lines: linesOf(record) }));
    const names = await productDescriptionsOf(
      store,
      records.flatMap(({ lines }) => lines.map((line) => line.productCode)),
    );
    return answerData(c, {
      key,
      ...contactOf(page.records),
      ordersPlaced: page.counts.order ?? 0,
      returnsSent: page.counts.return ?? 0,
      records: records.map(({ record, lines }) => customerRecordOf(record, lines, names)),
      nextCursor: page.nextCursor,
    });
  });

  installRoute(app, consoleRoutes.getSupplier, async (c, { params: { key }, query }) => {
    const after = query.cursor === undefined ? undefined : readPartyCursor(query.cursor);
    if (after === null) return refusedCursor();
    const page = await store.partyRecords(supplierExactKey(key), ['receive'], { limit: pageSize, after });
    if (page.records.length === 0 && after === undefined) return notFound('supplier', key);
    const receives = page.counts.receive ?? 0;
    const totals = page.receiveTotals;
    const nowMs = Date.now();
    const first = page.records[0];
    const parsed = first ? receiveSchema.safeParse(first.document) : null;
    return answerData(c, {
      key,
      name: parsed?.success ? senderOf(parsed.data) : (first?.title ?? ''),
      totals: {
        receives,
        short: totals.short,
        over: totals.over,
        shortRate: percent(totals.short, receives),
        overRate: percent(totals.over, receives),
        announced: totals.announced,
        unitsShort: totals.unitsShort,
        unitsOver: totals.unitsOver,
        late: totals.late,
      },
      // The worth of the open claims only: a few receives a page, each priced as its claim packet is.
      receives: await Promise.all(
        page.records.map(async (record) => {
          const receive = supplierReceiveOf(record, config.claimWindowDays, nowMs);
          const claimWorth =
            receive.claimDaysLeft === null ? [] : await claimWorthOf(store, record, config, nowMs);
          return { ...receive, claimWorth };
        }),
      ),
      nextCursor: page.nextCursor,
    });
  });
}
