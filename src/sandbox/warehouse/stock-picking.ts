import type { KeyValue } from '../../contract/common';

/** What the warehouse holds of one product in one warehouse under one set of part attributes (a lot, a serial). */
export type StockLot = {
  id: number;
  partAttributes: KeyValue[];
  quantity: number;
  /** The expiry date captured with it (YYYY-MM-DD), or null when none was. */
  expiry: string | null;
  /** When it was received, for first in, first out. */
  receivedMs: number;
};

export type PickedLot = { lot: StockLot; quantity: number };

/** First expiry, first out; lots without an expiry after those with one; then first in, first out. */
export function pickingOrder(a: StockLot, b: StockLot): number {
  if (a.expiry !== b.expiry) {
    if (a.expiry === null) return 1;
    if (b.expiry === null) return -1;
    return a.expiry < b.expiry ? -1 : 1;
  }
  return a.receivedMs - b.receivedMs || a.id - b.id;
}

/** Whether the lot carries every attribute wanted (a line may ask for a lot; a subline names the lot it took). */
export function holds(lot: Pick<StockLot, 'partAttributes'>, wanted: readonly KeyValue[]): boolean {
  return wanted.every((want) =>
    lot.partAttributes.some((attribute) => attribute.key === want.key && attribute.value === want.value),
  );
}

/**
 * What a picker takes for `quantity` units: from the lots in picking order, each as far as it goes. `missing`
 * is what the lots could not cover.
 */
export function pickLots(
  lots: readonly StockLot[],
  quantity: number,
  wanted: readonly KeyValue[] = [],
): { picked: PickedLot[]; missing: number } {
  const picked: PickedLot[] = [];
  let missing = quantity;
  for (const lot of [...lots].filter((candidate) => holds(candidate, wanted)).sort(pickingOrder)) {
    if (missing <= 0) break;
    const taken = Math.min(lot.quantity, missing);
    if (taken <= 0) continue;
    picked.push({ lot, quantity: taken });
    missing -= taken;
  }
  return { picked, missing: Math.max(missing, 0) };
}
