/** Receives and returns share one resource; these are the words and places that differ. */
export type ReceiveKind = 'receives' | 'returns';

export type ReceiveKindWords = {
  plural: string;
  singular: string;
  primaryReference: string;
  /** Label of the exact-reference lookup on the list. */
  lookupLabel: string;
  transportReference: string;
  shipFrom: string;
  listPath: '/receives' | '/returns';
  newPath: '/receives/new' | '/returns/new';
  detailPath: '/receives/$reference' | '/returns/$reference';
};

export const receiveKindWords: Record<ReceiveKind, ReceiveKindWords> = {
  receives: {
    plural: 'Receives',
    singular: 'receive',
    primaryReference: 'Reference',
    lookupLabel: 'Search receives',
    transportReference: 'Transport reference',
    shipFrom: 'Ship from',
    listPath: '/receives',
    newPath: '/receives/new',
    detailPath: '/receives/$reference',
  },
  returns: {
    plural: 'Returns',
    singular: 'return',
    primaryReference: 'RMA reference',
    lookupLabel: 'Search returns',
    transportReference: 'Return tracking',
    shipFrom: 'Customer',
    listPath: '/returns',
    newPath: '/returns/new',
    detailPath: '/returns/$reference',
  },
};

/** Receives or returns: the interface keeps both as receives, a return with the subtype RET. */
export function isReturn(receive: { subtype?: string | null }): boolean {
  return receive.subtype === 'RET';
}
