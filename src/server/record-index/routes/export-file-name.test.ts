import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

const nameOf = (kind: 'order' | 'receive' | 'return', query: Record<string, string>) =>
  exportFileName(kind, new URLSearchParams(query), '2026-11-27', 'csv');

describe('exportFileName', () => {
  it('says the list and that it is all of it, as of the day of the export', () => {
    expect(nameOf('receive', { kind: 'receive', sort: 'eta', dir: 'asc' })).toBe('receives-2026-11-27.csv');
  });

  it('says each filter, and a date range by the days the reader sent', () => {
    expect(
      nameOf('receive', {
        kind: 'receive',
        discrepancy: 'any',
        finishedFrom: '2026-11-20T00:00:00.000+01:00',
        finishedTo: '2026-11-27T23:59:59.999+01:00',
      }),
    ).toBe('receives-short-or-over-finalized-2026-11-20-to-2026-11-27.csv');
    expect(nameOf('order', { state: 'held,shipped_short', status: 'PRS', shipByFrom: '2026-11-25' })).toBe(
      'orders-prs-held-shipped-short-ship-by-from-2026-11-25.csv',
    );
    expect(nameOf('return', { refundable: 'true', etaFrom: '2026-11-27', etaTo: '2026-11-27' })).toBe(
      'returns-refundable-eta-2026-11-27.csv',
    );
    expect(nameOf('order', { late: 'false', updatedTo: '2026-11-26T22:59:59.999Z' })).toBe(
      'orders-not-late-updated-to-2026-11-26.csv',
    );
  });

  it('keeps to letters, digits and dashes, and to a length any file system takes', () => {
    expect(nameOf('receive', { warehouse: 'LA/"W" 1' })).toBe('receives-warehouse-la-w-1-2026-11-27.csv');
    const many = nameOf('order', {
      warehouse: Array.from({ length: 20 }, (_, i) => `WAREHOUSE${i}`).join(','),
    });
    expect(many.length).toBeLessThanOrEqual(154);
    expect(many).toMatch(/^orders-warehouse-warehouse0-[a-z0-9-]*[a-z0-9]\.csv$/);
  });
});
