import { z } from 'zod';
import { NestedTooDeeply, normalizeKeys } from '../../../contract/common';
import { type Order, orderSchema, primaryReferenceSchema } from '../../../contract/order';
import { type Product, productCodeSchema, productSchema } from '../../../contract/product';
import { type Receive, receiveSchema, senderOf } from '../../../contract/receive';
import { finishedAt } from '../../../domain/finished-time';
import { type HeldPart, partsOfOrder, partsOfReceive } from '../../../domain/part-trace';
import { computeReceiveCompleteness } from '../../../domain/receive-completeness';
import { deriveOrderState } from '../../../domain/record-states';
import {
  type StockMovement,
  stockMovementsOfOrder,
  stockMovementsOfReceive,
} from '../../../domain/stock-movements';
import { refusedDates } from './date-horizon';
import {
  bounded,
  orderSearchValues,
  productSearchValues,
  receiveSearchValues,
  type SearchValue,
} from './search-values';

/** Orders, receives and products each have their own namespace of references; returns are receives. */
export type RecordFamily = 'order' | 'receive' | 'product';
export type RecordKind = 'order' | 'receive' | 'return' | 'product';

/** What the index keeps of a record: the document, and the columns lists filter and sort by. */
export type IndexedDocument = {
  family: RecordFamily;
  kind: RecordKind;
  reference: string;
  id: string;
  status: string;
  /**
   * Order: entered, picking, held, partly_shipped, shipped, shipped_short, shipped_over, canceled. Receive:
   * the completeness state. Product: its pick mode.
   */
  state: string;
  warehouse: string;
  /** Order: the required ship date; receive: the ETA. */
  dueMs: number | null;
  updatedMs: number;
  /** Order: when it finished shipping (shipped, short or over); receive: when it was finalized; else null. */
  finishedMs: number | null;
  /** Customer (orders), sender (receives: senderOf) or description (products). */
  title: string;
  /** Receive lines received short or over, open or final. */
  short: boolean;
  over: boolean;
  announced: number;
  received: number;
  /** Receive or return: units missing on its short lines and beyond the announced on its over lines; else 0. */
  unitsShort: number;
  unitsOver: number;
  /** When the operator created it: an order's date. */
  createdMs: number | null;
  glance: RecordGlance;
  searchValues: SearchValue[];
  /** The lots, serial numbers and other values its shipments' sublines hold, each as a trace shows it. */
  parts: HeldPart[];
  /** What it moves in and out of stock, by product, warehouse and lot (stock-movements.ts). */
  stock: StockMovement[];
  /** The document as the operator sent it, member names in camelCase. */
  document: Record<string, unknown>;
};

/**
 * What a search match shows of a record beyond its columns, so that matches of one customer can be told
 * apart without reading their documents: its first line and how many it has, an order's first tracking
 * number and how many it has.
 */
export type RecordGlance = {
  items: { productCode: string; quantity: number }[];
  lines: number;
  trackingNumbers: string[];
  tracked: number;
};
/** Lines and tracking numbers a glance keeps: a match shows the first and counts the rest. */
const glancedLines = 1;
const glancedTrackingNumbers = 1;

function glanceOf(
  lines: readonly { productCode: string; quantity: number }[],
  trackingNumbers: readonly string[] = [],
): RecordGlance {
  return {
    items: lines
      .slice(0, glancedLines)
      .map((line) => ({ productCode: bounded(line.productCode), quantity: line.quantity })),
    lines: lines.length,
    trackingNumbers: trackingNumbers.slice(0, glancedTrackingNumbers).map(bounded),
    tracked: trackingNumbers.length,
  };
}

/**
 * A version as the index stores it: the columns and search values, and the document as JSON text in
 * place of the object (what the intake thread is handed: text crosses to a thread for a copy of its
 * bytes, an object graph for a walk of every member).
 */
export type IndexedVersion = Omit<IndexedDocument, 'document'> & { text: string };

export function toIndexedVersion({ document, ...columns }: IndexedDocument): IndexedVersion {
  return { ...columns, text: JSON.stringify(document) };
}

export type Unreadable = { ok: false; reason: string };

function millis(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  return issues.length > 3 ? `${shown}; and ${issues.length - 3} more` : shown;
}

/**
 * The references a record is filed and found under, as the interface makes them: within its lengths,
 * without control characters. A document holding others is refused rather than indexed.
 */
const lineCodesSchema = z.array(z.object({ productCode: productCodeSchema }));
const orderKeysSchema = z.object({ primaryReference: primaryReferenceSchema, orderLines: lineCodesSchema });
const receiveKeysSchema = z.object({
  primaryReference: primaryReferenceSchema,
  receiveLines: lineCodesSchema,
});
const productKeysSchema = z.object({ productCode: productCodeSchema });

function indexOrder(order: Order, document: Record<string, unknown>): IndexedDocument {
  const { state, short, over } = deriveOrderState(order);
  const contact = order.shipToAddress?.contact;
  return {
    family: 'order',
    kind: 'order',
    reference: order.primaryReference,
    id: order.id,
    status: order.status,
    state,
    warehouse: order.warehouseCode ?? '',
    dueMs: millis(order.requiredShipDate),
    updatedMs: millis(order.dateLastUpdated) ?? 0,
    finishedMs: state.startsWith('shipped') ? finishedAt(order) : null,
    title: bounded(contact?.personName || order.shipToAddress?.address?.organization || ''),
    short,
    over,
    announced: order.orderLines.reduce((sum, line) => sum + line.quantity, 0),
    received: order.shipments
      .filter((shipment) => shipment.status === 'FIN')
      .flatMap((shipment) => shipment.shipmentLines)
      .reduce((sum, line) => sum + line.quantity, 0),
    unitsShort: 0,
    unitsOver: 0,
    createdMs: millis(order.dateCreated),
    glance: glanceOf(order.orderLines, [
      ...new Set(order.shipments.flatMap((shipment) => shipment.trackingDetail?.trackingNumber || [])),
    ]),
    searchValues: orderSearchValues(order),
    parts: partsOfOrder(order),
    stock: stockMovementsOfOrder(order),
    document,
  };
}

function indexReceive(receive: Receive, document: Record<string, unknown>): IndexedDocument {
  const completeness = computeReceiveCompleteness(receive);
  return {
    family: 'receive',
    kind: receive.subtype === 'RET' ? 'return' : 'receive',
    reference: receive.primaryReference,
    id: receive.id,
    status: receive.status,
    state: completeness.state,
    warehouse: receive.warehouseCode ?? '',
    dueMs: millis(receive.eta),
    updatedMs: millis(receive.dateLastUpdated) ?? 0,
    finishedMs: receive.status === 'FIN' ? finishedAt(receive) : null,
    title: bounded(senderOf(receive)),
    short: completeness.lines.some((line) => line.state === 'short'),
    over: completeness.lines.some((line) => line.state === 'over'),
    announced: completeness.announced,
    received: completeness.received,
    unitsShort: completeness.unitsShort,
    unitsOver: completeness.unitsOver,
    createdMs: millis(receive.dateCreated),
    glance: glanceOf(receive.receiveLines),
    searchValues: receiveSearchValues(receive),
    parts: partsOfReceive(receive),
    stock: stockMovementsOfReceive(receive),
    document,
  };
}

export function indexProduct(product: Product, document: Record<string, unknown>): IndexedDocument {
  return {
    family: 'product',
    kind: 'product',
    reference: product.productCode,
    id: product.id,
    status: '',
    state: product.pickMode ?? '',
    warehouse: '',
    dueMs: null,
    updatedMs: millis(product.dateLastUpdated) ?? 0,
    finishedMs: null,
    title: bounded(product.productDescription ?? ''),
    short: false,
    over: false,
    announced: 0,
    received: 0,
    unitsShort: 0,
    unitsOver: 0,
    createdMs: null,
    glance: glanceOf([]),
    searchValues: productSearchValues(product),
    parts: [],
    stock: [],
    document,
  };
}

function asObject(body: unknown): Record<string, unknown> | null {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : null;
}

/** The body with its member names read in any case; a body nested too deeply to read so is returned the error. */
function normalizedObject(body: unknown): Record<string, unknown> | null | NestedTooDeeply {
  try {
    return asObject(normalizeKeys(body));
  } catch (error) {
    if (error instanceof NestedTooDeeply) return error;
    throw error;
  }
}

/**
 * An order or receive as the operator sends it (webhook body, list item, lookup answer), told apart by
 * shape since nothing in a webhook names its kind. Member names are read in any case.
 */
export function readWarehouseDocument(body: unknown): IndexedDocument | Unreadable {
  const document = normalizedObject(body);
  if (document instanceof NestedTooDeeply) return { ok: false, reason: document.message };
  if (!document) return { ok: false, reason: 'The body is not a JSON object' };
  const isOrder = 'orderLines' in document || 'shipToAddress' in document;
  const isReceive = 'receiveLines' in document || 'shipFromAddress' in document;
  if (isOrder === isReceive) {
    return {
      ok: false,
      reason: isOrder
        ? 'The body has members of both an order and a receive'
        : 'The body is neither an order (orderLines, shipToAddress) nor a receive (receiveLines, shipFromAddress)',
    };
  }
  return isOrder
    ? readAs('order', document, orderSchema, orderKeysSchema, indexOrder)
    : readAs('receive', document, receiveSchema, receiveKeysSchema, indexReceive);
}

export function readProductDocument(body: unknown): IndexedDocument | Unreadable {
  const document = normalizedObject(body);
  if (document instanceof NestedTooDeeply) return { ok: false, reason: document.message };
  if (!document) return { ok: false, reason: 'Not a readable product: the body is not a JSON object' };
  return readAs('product', document, productSchema, productKeysSchema, indexProduct);
}

/** Reads `document` as the interface's `noun`, its references within the interface's rules, and indexes it. */
function readAs<T>(
  noun: string,
  document: Record<string, unknown>,
  schema: z.ZodType<T>,
  keysSchema: z.ZodType,
  index: (record: T, document: Record<string, unknown>) => IndexedDocument,
): IndexedDocument | Unreadable {
  const parsed = schema.safeParse(document);
  const keys = parsed.success ? keysSchema.safeParse(parsed.data) : parsed;
  if (!parsed.success || !keys.success) {
    return { ok: false, reason: `Not a readable ${noun}: ${describeIssues(keys.error?.issues ?? [])}` };
  }
  const indexed = index(parsed.data, document);
  const refused = refusedDates(indexed, Date.now());
  return refused ? { ok: false, reason: `Not a readable ${noun}: ${refused}` } : indexed;
}

export function isUnreadable(value: IndexedDocument | Unreadable): value is Unreadable {
  return 'ok' in value;
}
