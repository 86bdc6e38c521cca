import { limits } from './limits';

/**
 * How a return names the order it returns and why each line comes back. The interface has no members for
 * either, and a request line carries no free key-value list (partAttributes take only the packet's attribute
 * keys), so both travel in the receive's additionalReferences: `originalOrder`, and `returnReason:<line>` for
 * each line, by the line's externalLineReference. The console's form, the index and the demo data all read
 * and write them here.
 */
export const ORIGINAL_ORDER_KEY = 'originalOrder';
export const RETURN_REASON_PREFIX = 'returnReason:';

/** Suggestions for a line's reason; any other text is taken as well. */
export const commonReturnReasons = [
  'Damaged',
  'Wrong item',
  'Not as described',
  'No longer needed',
  'Defective',
  'Other',
] as const;

/** One additional reference goes to the original order, the rest to one reason a line. */
export const maxReturnLines = limits.maxItems.additionalReferences - 1;

type KeyValue = { key: string; value: string };

export function returnReasonKey(lineReference: string): string {
  return `${RETURN_REASON_PREFIX}${lineReference}`;
}

/** The additional references of a return of `originalOrder` whose lines, by reference, have these reasons. */
export function returnReferences(
  originalOrder: string,
  lines: readonly { externalLineReference: string; reason: string }[],
): KeyValue[] {
  return [
    { key: ORIGINAL_ORDER_KEY, value: originalOrder },
    ...lines.map((line) => ({ key: returnReasonKey(line.externalLineReference), value: line.reason })),
  ];
}

export function originalOrderOf(receive: { additionalReferences: readonly KeyValue[] }): string | undefined {
  return receive.additionalReferences.find((item) => item.key === ORIGINAL_ORDER_KEY)?.value;
}

export function returnReasonOf(
  receive: { additionalReferences: readonly KeyValue[] },
  line: { externalLineReference?: string },
): string | undefined {
  if (!line.externalLineReference) return undefined;
  const key = returnReasonKey(line.externalLineReference);
  return receive.additionalReferences.find((item) => item.key === key)?.value;
}

/** Every line's reason in line order, for a list's column and for search. */
export function returnReasonsOf(receive: { additionalReferences: readonly KeyValue[] }): string[] {
  return receive.additionalReferences
    .filter((item) => item.key.startsWith(RETURN_REASON_PREFIX))
    .map((item) => item.value);
}

export function isReturnReasonKey(key: string): boolean {
  return key.startsWith(RETURN_REASON_PREFIX);
}
