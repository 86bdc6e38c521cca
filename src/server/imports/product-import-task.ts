import type { CheckedRow } from '../../contract/product-import';
import { checkProductImportRoute } from '../../contract/product-import';
import type { AneRule, AttributePacket } from '../../contract/product-rules';
import { type Problem, readBodyText } from '../api/console-route';
import { workerTask } from '../heavy-work/worker-pool';
import { checkImportedRows, codeOf } from './product-import-check';

export type ImportCheckInput = { body: Uint8Array; packet: AttributePacket; aneRule: AneRule };

/**
 * A dry run's body read and checked in a worker thread (10,000 rows take most of a second): the body's
 * problems, or each row checked as though the index held none of its codes, with the codes to look up.
 */
export function checkProductImportBody({
  body,
  packet,
  aneRule,
}: ImportCheckInput): { problems: Problem[] } | { checked: CheckedRow[]; codes: string[] } {
  const read = readBodyText(new TextDecoder().decode(body), checkProductImportRoute.body);
  if (Array.isArray(read)) return { problems: read };
  const { rows } = read.body as { rows: Parameters<typeof checkImportedRows>[0] };
  const { checked } = checkImportedRows(rows, { packet, aneRule, held: new Set() });
  return { checked, codes: rows.map(codeOf).filter((code) => code !== '') };
}

export const checkProductImportTask = workerTask<typeof checkProductImportBody>(
  import.meta.url,
  'checkProductImportBody',
);
