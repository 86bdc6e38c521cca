import { alreadyExistsWords, type CheckedRow, type CreatedRow } from '@/contract/product-import';
import { csvLine } from '@/domain/csv-line';
import { productColumnFields } from './product-csv-mapping';

const outcomeWords: Record<CreatedRow['outcome'], string> = {
  created: 'created',
  existed: 'already existed',
  refused: 'refused',
  unknown: 'not known',
  'not-sent': 'not sent',
};

/** "Attribute 2 key" for `productAttributes.1.key`; the form's label for a member. */
export function fieldWords(field: string): string {
  const [member = '', index, part] = field.split('.');
  if (member === 'productAttributes') return `Attribute ${Number(index) + 1}${part ? ` ${part}` : ''}`;
  if (member === 'customFields') return `Custom field ${Number(index) + 1}${part ? ` ${part}` : ''}`;
  return productColumnFields[member as keyof typeof productColumnFields] ?? (member || 'Row');
}

/**
 * What became of each row of the file: the dry run's refusals and codes already there, then each row sent
 * (what the creates answered, or "not sent" for a row a cancel or a failure left out), in row order.
 */
export function importReport(checked: readonly CheckedRow[], created: readonly CreatedRow[]): CreatedRow[] {
  const answered = new Map(created.map((row) => [row.row, row]));
  return checked.map(
    (row) =>
      answered.get(row.row) ??
      (row.outcome === 'errors'
        ? {
            row: row.row,
            productCode: row.productCode,
            outcome: 'refused',
            message: row.problems
              .map((problem) => `${fieldWords(problem.field)}: ${problem.message}`)
              .join('; '),
          }
        : row.outcome === 'exists'
          ? {
              row: row.row,
              productCode: row.productCode,
              outcome: 'existed',
              message: alreadyExistsWords,
            }
          : { row: row.row, productCode: row.productCode, outcome: 'not-sent', message: 'Not sent' }),
  );
}

/** The report as CSV: row, code, outcome, message. */
export function importReportCsv(report: readonly CreatedRow[]): string {
  return [
    csvLine(['row', 'code', 'outcome', 'message']),
    ...report.map((row) => csvLine([row.row, row.productCode, outcomeWords[row.outcome], row.message])),
  ].join('');
}

export function outcomeWord(outcome: CreatedRow['outcome']): string {
  return outcomeWords[outcome];
}
