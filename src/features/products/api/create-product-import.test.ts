import { describe, expect, it } from 'vitest';
import type { CreatedRow, ImportedRow } from '@/contract/product-import';
import { ApiError } from '@/lib/api-error';
import { sendInBatches } from './create-product-import';

const rows: ImportedRow[] = Array.from({ length: 120 }, (_, index) => ({
  row: index + 2,
  product: { productCode: `P-${index}` },
}));
const created = (batch: ImportedRow[]) =>
  batch.map(
    (row): CreatedRow => ({
      row: row.row,
      productCode: String(row.product.productCode),
      outcome: 'created',
      message: '',
    }),
  );
const noCancel = { canceled: () => false, answered: () => {} };

describe('sending an import in batches', () => {
  it('sends 50 rows at a time and reports each batch answered', async () => {
    const sizes: number[] = [];
    const progress: number[] = [];
    const sent = await sendInBatches(
      rows,
      async (batch) => {
        sizes.push(batch.length);
        return created(batch);
      },
      { canceled: () => false, answered: (done) => progress.push(done.length) },
    );
    expect(sizes).toEqual([50, 50, 20]);
    expect(progress).toEqual([50, 100, 120]);
    expect(sent).toEqual({ done: created(rows), stopped: null });
  });

  it('stops at the first row the warehouse failed on, sending no further batch', async () => {
    let batches = 0;
    const sent = await sendInBatches(
      rows,
      async (batch) => {
        batches += 1;
        return batch.map((row, index) => ({
          ...created([row])[0],
          outcome: index === 0 ? 'created' : index === 1 ? 'unknown' : 'not-sent',
          message: index === 1 ? 'The warehouse answered 503' : '',
        })) as CreatedRow[];
      },
      noCancel,
    );
    expect(batches).toBe(1);
    expect(sent.stopped).toBe('failed');
    expect(sent.failure).toBe('The warehouse answered 503');
  });

  it('says a batch whose answer was lost is not known, and one the console refused was not sent', async () => {
    const lost = await sendInBatches(
      rows.slice(0, 3),
      async () => {
        throw new TypeError('Failed to fetch');
      },
      noCancel,
    );
    expect(lost.done.map((row) => row.outcome)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(lost.failure).toBe('The console could not be reached.');
    const refused = await sendInBatches(
      rows.slice(0, 2),
      async () => {
        throw new ApiError(403, [
          { status: '403', code: 'forbidden', title: 'Forbidden', detail: 'Not for support' },
        ]);
      },
      noCancel,
    );
    expect(refused).toMatchObject({ stopped: 'failed', failure: 'Not for support' });
    expect(refused.done.map((row) => row.outcome)).toEqual(['not-sent', 'not-sent']);
  });

  it('stops before the next batch once canceled', async () => {
    let canceled = false;
    const sent = await sendInBatches(
      rows,
      async (batch) => {
        canceled = true;
        return created(batch);
      },
      { canceled: () => canceled, answered: () => {} },
    );
    expect(sent).toEqual({ done: created(rows.slice(0, 50)), stopped: 'canceled' });
  });
});
