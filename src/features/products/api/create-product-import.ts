import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type CreatedRow,
  createProductImportRoute,
  type ImportedRow,
  productImportLimits,
} from '@/contract/product-import';
import { isApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import { productKeys } from '@/lib/product-keys';

export function createProductImport(rows: ImportedRow[], signal?: AbortSignal): Promise<CreatedRow[]> {
  return callOperation(createProductImportRoute, { body: { rows }, signal }).then((answer) => answer.rows);
}

export type ImportRun =
  | { state: 'idle' }
  | { state: 'running'; done: CreatedRow[]; total: number }
  | {
      state: 'finished';
      done: CreatedRow[];
      total: number;
      stopped: 'canceled' | 'failed' | null;
      failure?: string;
    };

type BatchesSent = { done: CreatedRow[]; stopped: 'canceled' | 'failed' | null; failure?: string };

/**
 * Sends the rows 50 at a time, one batch after the other, so the progress is the batches answered and a
 * cancel stops before the next one (a batch sent is answered whole). The first row the warehouse failed
 * on stops it: the next batch would fail the same way. A batch whose answer was lost may have been
 * created in part, so its rows are "unknown"; one the console refused was not sent.
 */
export async function sendInBatches(
  rows: readonly ImportedRow[],
  send: (batch: ImportedRow[]) => Promise<CreatedRow[]>,
  { canceled, answered }: { canceled: () => boolean; answered: (done: CreatedRow[]) => void },
): Promise<BatchesSent> {
  const done: CreatedRow[] = [];
  for (let at = 0; at < rows.length; at += productImportLimits.createRows) {
    if (canceled()) return { done, stopped: 'canceled' };
    const batch = rows.slice(at, at + productImportLimits.createRows);
    try {
      done.push(...(await send(batch)));
    } catch (error) {
      const maybeSent =
        !isApiError(error) || error.status === 0 || error.status === 408 || error.status >= 500;
      done.push(
        ...batch.map(
          (row): CreatedRow => ({
            row: row.row,
            productCode: String(row.product.productCode ?? ''),
            outcome: maybeSent ? 'unknown' : 'not-sent',
            message: maybeSent
              ? 'No answer came back for this row: import the file again to see whether it was created'
              : 'Not sent',
          }),
        ),
      );
      return {
        done,
        stopped: 'failed',
        failure: isApiError(error) ? error.message : 'The console could not be reached.',
      };
    }
    const halt = done.find((row) => row.outcome === 'unknown' || row.outcome === 'not-sent');
    if (halt) return { done, stopped: 'failed', failure: halt.message };
    answered([...done]);
  }
  return { done, stopped: null };
}

/** A run of the import on the page: its progress, Cancel, and the product lists refreshed at the end. */
export function useProductImportRun() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ state: 'idle' });
  const canceled = useRef(false);
  // Leaving the page stops the run after the batch on its way.
  useEffect(
    () => () => {
      canceled.current = true;
    },
    [],
  );

  async function start(rows: ImportedRow[]) {
    canceled.current = false;
    setRun({ state: 'running', done: [], total: rows.length });
    const sent = await sendInBatches(rows, (batch) => createProductImport(batch), {
      canceled: () => canceled.current,
      answered: (done) => setRun({ state: 'running', done, total: rows.length }),
    });
    await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    setRun({ state: 'finished', total: rows.length, ...sent });
  }

  return {
    run,
    start,
    cancel: () => {
      canceled.current = true;
    },
    reset: () => setRun({ state: 'idle' }),
  };
}
