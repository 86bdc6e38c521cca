import { normalizeKeys } from '../../contract/common';
import { maxReturnsOfOrder } from '../../contract/index-records';
import { orderSchema } from '../../contract/order';
import { RETURN_SUBTYPE, receiveSchema } from '../../contract/receive';
import { ORIGINAL_ORDER_KEY } from '../../contract/return-references';
import { allowanceInWords, type ProductAllowance, returnAllowance } from '../../domain/return-allowance';
import { errorEnvelope } from '../api/error-envelope';
import type { RecordStore } from '../record-index/store/record-store-port';
import type { ReadRecord } from '../record-index/sync/read-back';

type Line = { productCode: string; quantity: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request that creates a return naming its original order: what the limit reads of it. */
export type ReturnCreate = { reference: string; originalOrder: string; lines: Line[] };

/**
 * What a create request says of the return it makes: its reference, original order and lines, read as
 * loosely as the operator reads them (either spelling of a member, anything else ignored), so that no body
 * the operator takes slips past the limit by a shape the console's own form never sends. Null for anything
 * but the create of a return naming its original order.
 */
export function returnCreateOf({
  method,
  segments,
  body,
}: {
  method: string;
  segments: string[];
  body: ArrayBuffer;
}): ReturnCreate | null {
  if (method !== 'POST' || segments.length !== 1 || segments[0] !== 'receives') return null;
  return readReturnRequest(body);
}

function readReturnRequest(body: ArrayBuffer): ReturnCreate | null {
  let sent: unknown;
  try {
    sent = normalizeKeys(JSON.parse(new TextDecoder().decode(body)));
  } catch {
    return null;
  }
  if (!isRecord(sent) || sent.subtype !== RETURN_SUBTYPE || !Array.isArray(sent.additionalReferences))
    return null;
  const original = sent.additionalReferences.find(
    (item) => isRecord(item) && item.key === ORIGINAL_ORDER_KEY && typeof item.value === 'string',
  ) as { value: string } | undefined;
  if (!original || !Array.isArray(sent.receiveLines)) return null;
  const lines = sent.receiveLines.flatMap((line): Line[] =>
    isRecord(line) && typeof line.productCode === 'string' && typeof line.quantity === 'number'
      ? [{ productCode: line.productCode, quantity: line.quantity }]
      : [],
  );
  const reference = typeof sent.primaryReference === 'string' ? sent.primaryReference : '';
  return { reference, originalOrder: original.value, lines };
}

/**
 * Makes sure the index holds the return's original order before the limit is checked: one it does not
 * hold yet (created a moment ago, its webhook still on the way) is read from the operator and stored. An
 * order the operator does not know, or a read that fails, leaves the decision to the operator.
 */
export async function indexOriginalOrder(
  records: RecordStore,
  readRecord: ReadRecord,
  request: ReturnCreate,
): Promise<void> {
  if (await records.find('order', request.originalOrder)) return;
  const readStartedMs = Date.now();
  const order = await readRecord('order', request.originalOrder).catch(() => null);
  if (order) await records.apply(order, 'lookup', { readStartedMs });
}

/**
 * The refusal of a return that would announce more of a product than its original order shipped less what
 * the order's other returns already announce (returnAllowance, the return form's rule), in the envelope the
 * forms read: a 400 with an error on each line at fault, with the numbers. Null when it fits or the index
 * does not hold its order; the operator decides the rest. It counts the returns the index holds: the
 * caller lets one create of an order's returns through at a time (oneAtATimePerKey).
 */
export async function returnLimitRefusal(
  records: RecordStore,
  request: ReturnCreate,
): Promise<Response | null> {
  const held = await records.find('order', request.originalOrder);
  const order = held ? orderSchema.safeParse(held.document) : null;
  if (!order?.success) return null;
  const others = (await records.returnsOfOrder(order.data.primaryReference, maxReturnsOfOrder))
    .filter((record) => record.reference !== request.reference)
    .flatMap((record) => {
      const parsed = receiveSchema.safeParse(record.document);
      return parsed.success ? [parsed.data] : [];
    });
  const allowances = new Map(returnAllowance(order.data, others).map((entry) => [entry.productCode, entry]));
  const announced = new Map<string, number>();
  const errors: { pointer: string; detail: string }[] = [];
  request.lines.forEach((line, index) => {
    // Several lines of one product share its allowance: the line that passes it is the one at fault.
    const sum = (announced.get(line.productCode) ?? 0) + line.quantity;
    announced.set(line.productCode, sum);
    const allowance: ProductAllowance = allowances.get(line.productCode) ?? {
      productCode: line.productCode,
      shipped: 0,
      claimed: 0,
      claimedBy: [],
      remaining: 0,
    };
    if (sum > allowance.remaining + 1e-6)
      errors.push({
        pointer: `/receiveLines/${index}/quantity`,
        detail: allowanceInWords(order.data.primaryReference, allowance),
      });
  });
  if (errors.length === 0) return null;
  const items = errors.flatMap(
    ({ pointer, detail }) =>
      errorEnvelope(400, 'validation_failed', 'More than the order shipped', detail, pointer).errors,
  );
  return Response.json(
    { ...errorEnvelope(400, 'validation_failed', 'More than the order shipped', ''), errors: items },
    { status: 400, headers: { 'cache-control': 'no-store' } },
  );
}
