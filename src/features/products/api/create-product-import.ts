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

/**
 * Sends the rows 50 at a time, one batch after the other, so the progress is the batches answered and a
 * cancel stops before the next one (a batch sent is answered whole). The product lists are refreshed at
 * the end, whatever the end was.
 */
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
    const done: CreatedRow[] = [];
    setRun({ state: 'running', done, total: rows.length });
    let stopped: 'canceled' | 'failed' | null = null;
    let failure: string | undefined;
    for (let at = 0; at < rows.length; at += productImportLimits.createRows) {
      if (canceled.current) {
        stopped = 'canceled';
        break;
      }
      const batch = rows.slice(at, at + productImportLimits.createRows);
      try {
        const answered = await createProductImport(batch);
        done.push(...answered);
        // The console stops a batch when the warehouse fails: the next batch would fail the same way.
        const halt = answered.find((row) => row.outcome === 'unknown' || row.outcome === 'not-sent');
        if (halt) {
          stopped = 'failed';
          failure = halt.message;
          break;
        }
      } catch (error) {
        stopped = 'failed';
        failure = isApiError(error) ? error.message : 'The console could not be reached.';
        // The console may have created some of the batch before its answer was lost.
        done.push(
          ...batch.map(
            (row): CreatedRow => ({
              row: row.row,
              productCode: String(row.product.productCode ?? ''),
              outcome: 'unknown',
              message:
                'No answer came back for this row: import the file again to see whether it was created',
            }),
          ),
        );
        break;
      }
      setRun({ state: 'running', done: [...done], total: rows.length });
    }
    await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    setRun({ state: 'finished', done: [...done], total: rows.length, stopped, failure });
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
