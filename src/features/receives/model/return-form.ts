import { z } from 'zod';
import { numberInputSchema } from '@/components/form/number-input-schema';
import { addressBlockInputSchema } from '@/contract/address';
import { dayAsOperatorTimestamp, identifierSchema, isoDateOrTimestampSchema } from '@/contract/common';
import type { ErrorItem } from '@/contract/envelope';
import { limits } from '@/contract/limits';
import type { Order } from '@/contract/order';
import { RETURN_SUBTYPE, type Receive, type ReceiveInput, receiveInputSchema } from '@/contract/receive';
import { maxReturnLines, returnReferences } from '@/contract/return-references';
import { formatNumber } from '@/domain/format';
import { allowanceInWords, returnAllowance } from '@/domain/return-allowance';

/** One line the customer was shipped, and how much of it comes back and why. */
const returnLineSchema = z.object({
  productCode: z.string(),
  quantityUnit: z.string(),
  shipped: z.number(),
  /** What the order's other returns already claim back of it, and which returns they are. */
  claimed: z.number(),
  claimedBy: z.array(z.string()),
  /** The most this return may announce, and why in words with the numbers. */
  remaining: z.number(),
  allowance: z.string(),
  /** Empty when this line does not come back. */
  quantity: numberInputSchema(
    z.number({ error: 'Enter a number' }).nonnegative('Enter 0 or more').optional(),
  ),
  reason: z
    .string()
    .trim()
    .max(limits.maxLength.reference, `At most ${limits.maxLength.reference} characters`),
});

/**
 * The return form: the return's own references, the original order, and per line the order shipped how
 * much comes back and why. The lines are the order's, filled in when the order is found.
 */
export const returnFormSchema = z
  .object({
    warehouseCode: receiveInputSchema.shape.warehouseCode,
    primaryReference: receiveInputSchema.shape.primaryReference,
    originalOrder: identifierSchema(limits.maxLength.reference).min(
      1,
      'Enter the original order’s reference',
    ),
    transportReference: receiveInputSchema.shape.transportReference,
    eta: z.union([z.literal(''), isoDateOrTimestampSchema], {
      error: 'Use a date, for example 2026-11-22',
    }),
    lines: z.array(returnLineSchema),
  })
  .superRefine((values, ctx) => {
    const returned = values.lines.filter((line) => (line.quantity ?? 0) > 0);
    if (values.lines.length > 0 && returned.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Enter a quantity for what comes back' });
    if (returned.length > maxReturnLines)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: `At most ${maxReturnLines} lines a return` });
    values.lines.forEach((line, index) => {
      const quantity = line.quantity ?? 0;
      if (quantity > line.remaining)
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: line.allowance });
      if (quantity > 0 && line.reason === '')
        ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message: 'Give a reason' });
    });
  });

export type ReturnFormValues = z.input<typeof returnFormSchema>;
export type ReturnFormOutput = z.output<typeof returnFormSchema>;

export function emptyReturnForm(warehouseCode = '', primaryReference = ''): ReturnFormValues {
  return {
    warehouseCode,
    primaryReference,
    originalOrder: '',
    transportReference: '',
    eta: '',
    lines: [],
  };
}

/**
 * The return's warehouse once the order `chosen` is found: the order's own when another order than
 * `previous` is chosen (the goods go back where they came from, as a rule); the same order found again
 * keeps `current`, which the person may have changed by hand since choosing it.
 */
export function warehouseOnChoosing(
  previous: Pick<Order, 'primaryReference'> | null,
  chosen: Pick<Order, 'primaryReference' | 'warehouseCode'>,
  current: string,
): string {
  if (previous?.primaryReference === chosen.primaryReference) return current;
  return chosen.warehouseCode || current;
}

/** Every shipment of the order is shipped or canceled (or the order is canceled): nothing more will ship. */
export function orderFinished(order: Pick<Order, 'status' | 'shipments'>): boolean {
  if (order.status === 'CAN') return true;
  return (
    order.shipments.length > 0 &&
    order.shipments.every((shipment) => shipment.status === 'FIN' || shipment.status === 'CAN')
  );
}

const rmaNumber = /^RMA-(\d+)$/i;

/**
 * The next free RMA number after `references` (the returns' own): one past the highest `RMA-<digits>`,
 * as wide as it (`RMA-300010` → `RMA-300011`); references of another form are passed over. With none,
 * the first of the series.
 */
export function nextReturnReference(references: readonly string[]): string {
  let highest: bigint | undefined;
  let width = 6;
  for (const reference of references) {
    const digits = rmaNumber.exec(reference.trim())?.[1];
    if (digits === undefined) continue;
    const number = BigInt(digits);
    if (highest === undefined || number > highest || (number === highest && digits.length > width)) {
      highest = number;
      width = digits.length;
    }
  }
  const next = (highest ?? 0n) + 1n;
  return `RMA-${next.toString().padStart(width, '0')}`;
}

/**
 * A refusal that may say the reference is taken: a 409, or a 400 on the reference (an operator may refuse
 * a duplicate with either; decisions in the spec). Whether it is, the index says.
 */
export function mayBeTakenReference(error: { status: number; errors: readonly ErrorItem[] }): boolean {
  if (error.status === 409) return true;
  return (
    error.status === 400 &&
    error.errors.some((item) => item.source?.pointer?.toLowerCase() === '/primaryreference')
  );
}

/** The record that already has a reference, as the form names it and links to it. */
export type TakenReference = { reference: string; kind: 'return' | 'receive'; message: string };

/**
 * A reference already taken, in words: by a return, or by a receive (they share one namespace at the
 * operator). `existing` is the record the index holds under it, null when it could not be read.
 */
export function takenReference(reference: string, existing: Pick<Receive, 'subtype'> | null): TakenReference {
  const kind = existing && existing.subtype !== RETURN_SUBTYPE ? 'receive' : 'return';
  return { reference, kind, message: `A ${kind} ${reference} already exists` };
}

/**
 * What the customer was shipped, per product: what a return of this order may send back, less what the
 * order's other returns already claim.
 */
export function shippedLines(order: Order, otherReturns: readonly Receive[]): ReturnFormValues['lines'] {
  const units = new Map(order.orderLines.map((line) => [line.productCode, line.quantityUnit]));
  return returnAllowance(order, otherReturns)
    .filter(({ shipped }) => shipped > 0)
    .map((allowance) => ({
      productCode: allowance.productCode,
      quantityUnit: units.get(allowance.productCode) ?? 'UNT',
      shipped: allowance.shipped,
      claimed: allowance.claimed,
      claimedBy: allowance.claimedBy,
      remaining: allowance.remaining,
      allowance: allowanceInWords(order.primaryReference, allowance),
      quantity: '',
      reason: '',
    }));
}

/**
 * The lines coming back of which another return of the order already claims units, in words: a person
 * confirms before the same units are announced twice.
 */
export function repeatedUnits(lines: ReturnFormOutput['lines']): string[] {
  return lines
    .filter((line) => (line.quantity ?? 0) > 0 && line.claimed > 0)
    .map(
      (line) =>
        `${line.claimedBy.join(', ')} already ${line.claimedBy.length === 1 ? 'announces' : 'announce'} ${formatNumber(line.claimed)} of the ${formatNumber(line.shipped)} × ${line.productCode} shipped`,
    );
}

/**
 * A refusal's errors with those on a line of the request (`/receiveLines/{i}/quantity`, by the lines sent)
 * moved to the form's line it came from: the console's own limit (return-limit.ts on the server) then shows
 * on the field, as the form's does.
 */
export function onFormLines(errors: readonly ErrorItem[], lines: ReturnFormOutput['lines']): ErrorItem[] {
  const sent = lines.flatMap((line, index) => ((line.quantity ?? 0) > 0 ? [index] : []));
  return errors.map((item) => {
    const found = /^\/receiveLines\/(\d+)\/quantity$/.exec(item.source?.pointer ?? '');
    const at = found ? sent[Number(found[1])] : undefined;
    return at === undefined
      ? item
      : { ...item, source: { ...item.source, pointer: `/lines/${at}/quantity` } };
  });
}

/**
 * The request body: a receive with subtype RET from the customer the order shipped to, one line per
 * product coming back, the original order and each line's reason in its additional references.
 */
export function toReturnInput(values: ReturnFormOutput, order: Order): ReceiveInput {
  const returned = values.lines
    .filter((line) => (line.quantity ?? 0) > 0)
    .map((line, index) => ({ ...line, externalLineReference: `R${index + 1}` }));
  const customer = addressBlockInputSchema.safeParse(order.shipToAddress);
  return receiveInputSchema.parse({
    warehouseCode: values.warehouseCode.trim(),
    primaryReference: values.primaryReference.trim(),
    transportReference: values.transportReference?.trim() || undefined,
    eta: values.eta ? dayAsOperatorTimestamp(values.eta) : undefined,
    shipFromAddress: customer.success ? customer.data : undefined,
    receiveLines: returned.map((line) => ({
      externalLineReference: line.externalLineReference,
      productCode: line.productCode,
      quantity: line.quantity,
      quantityUnit: line.quantityUnit,
    })),
    additionalReferences: returnReferences(order.primaryReference, returned),
    subtype: RETURN_SUBTYPE,
  });
}
