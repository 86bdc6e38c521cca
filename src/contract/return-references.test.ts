import { describe, expect, it } from 'vitest';
import {
  maxReturnLines,
  originalOrderOf,
  returnReasonOf,
  returnReasonsOf,
  returnReferences,
} from './return-references';

describe('return references', () => {
  const receive = {
    additionalReferences: [
      { key: 'rma', value: 'RMA-9' },
      ...returnReferences('SO-1', [
        { externalLineReference: 'R1', reason: 'Damaged' },
        { externalLineReference: 'R2', reason: 'Arrived too late' },
      ]),
    ],
  };

  it('reads back the original order and each line reason, by the line reference', () => {
    expect(originalOrderOf(receive)).toBe('SO-1');
    expect(returnReasonOf(receive, { externalLineReference: 'R2' })).toBe('Arrived too late');
    expect(returnReasonOf(receive, { externalLineReference: 'R3' })).toBeUndefined();
    expect(returnReasonOf(receive, {})).toBeUndefined();
    expect(returnReasonsOf(receive)).toEqual(['Damaged', 'Arrived too late']);
  });

  it('leaves a receive without them alone', () => {
    expect(originalOrderOf({ additionalReferences: [] })).toBeUndefined();
    expect(returnReasonsOf({ additionalReferences: [{ key: 'supplier', value: 'Acme' }] })).toEqual([]);
  });

  it('keeps one additional reference for the order and the rest for lines', () => {
    expect(maxReturnLines).toBe(19);
  });
});
