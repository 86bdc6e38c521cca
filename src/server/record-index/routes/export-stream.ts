import { workbookType } from '../../../contract/console-route';
import { csvHeader, csvRows, type ExportTable, wallClock } from './export-table';
import { workbookOf } from './export-workbook';

/** The files an export is had as: CSV, or an Excel workbook. */
export type ExportFormat = 'csv' | 'xlsx';

const utf8 = new TextEncoder();

async function* csvFile<R>(
  table: ExportTable<R>,
  batches: AsyncIterable<readonly R[]>,
  local: (ms: number) => number,
): AsyncGenerator<Uint8Array> {
  yield utf8.encode(csvHeader(table));
  for await (const batch of batches) yield utf8.encode(csvRows(table, batch, local));
}

/** `batches`, each in a turn of the event loop of its own: other requests get in between. */
async function* aTurnEach<R>(
  batches: AsyncIterable<readonly R[]> | Iterable<readonly R[]>,
): AsyncGenerator<readonly R[]> {
  for await (const batch of batches) {
    yield batch;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The bytes of `table`'s export in `format`, made batch by batch as they are read, times in `timeZone`
 * (UTC when none was sent).
 */
export function exportBytes<R>(
  format: ExportFormat,
  table: ExportTable<R>,
  batches: AsyncIterable<readonly R[]> | Iterable<readonly R[]>,
  timeZone = 'UTC',
): AsyncGenerator<Uint8Array> {
  const local = wallClock(timeZone);
  const paced = aTurnEach(batches);
  return format === 'csv' ? csvFile(table, paced, local) : workbookOf(table, paced, local);
}

/**
 * A response body that reads `bytes` as the client takes them, each part in a turn of its own so that
 * other requests get in between; `done` runs once, at the end, on a failure or when the client goes.
 */
export function streamedBody(
  bytes: AsyncGenerator<Uint8Array>,
  done: () => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // The socket may take part after part without waiting: yield first.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await bytes.next().catch((error: unknown) => {
        done();
        throw error;
      });
      if (next.done) {
        controller.close();
        done();
      } else controller.enqueue(next.value);
    },
    async cancel() {
      done();
      await bytes.return(undefined);
    },
  });
}

/** The headers of a file to save: its type and name, never cached. */
export function downloadHeaders(format: ExportFormat | 'pdf', fileName: string): Record<string, string> {
  const types = {
    csv: 'text/csv; charset=utf-8; header=present',
    xlsx: workbookType,
    pdf: 'application/pdf',
  };
  return {
    'content-type': types[format],
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}
