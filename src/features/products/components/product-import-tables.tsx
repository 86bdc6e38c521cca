import { Button, List, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { CheckedRow, CreatedRow } from '@/contract/product-import';
import { fieldWords, outcomeWord } from '../model/import-report';

/** Rows listed on the page: the first ones with something to say; the report has them all. */
const listedRows = 200;

const rowColumn = { key: 'row', header: 'Row', rowHeader: true, cell: (row: { row: number }) => row.row };
const codeColumn = {
  key: 'code',
  header: 'Product code',
  cell: (row: { productCode: string }) => row.productCode || '(none)',
};

const checkedColumns: DataTableColumn<CheckedRow>[] = [
  rowColumn,
  codeColumn,
  {
    key: 'wrong',
    header: 'What is wrong',
    answer: true,
    cell: (row) =>
      row.outcome === 'exists' ? (
        'Already exists: it will be left as it is'
      ) : (
        <List size="sm">
          {row.problems.map((problem) => (
            <List.Item key={`${problem.field}-${problem.message}`}>
              {fieldWords(problem.field)}: {problem.message}
            </List.Item>
          ))}
        </List>
      ),
  },
];

/** The dry run's rows with errors or already there: a table, a card each on a phone. */
export function CheckedRows({ rows }: { rows: CheckedRow[] }) {
  const noted = rows.filter((row) => row.outcome !== 'ready');
  return (
    <DataTable
      caption={`Rows with errors or already there${noted.length > listedRows ? `: the first ${listedRows} of ${noted.length}` : ''}`}
      columns={checkedColumns}
      rows={noted.slice(0, listedRows)}
      rowKey={(row) => String(row.row)}
      rowData={(row) => ({ 'data-outcome': row.outcome })}
      empty={<Text>Every row is ready.</Text>}
    />
  );
}

const notCreatedColumns: DataTableColumn<CreatedRow>[] = [
  rowColumn,
  codeColumn,
  { key: 'outcome', header: 'Outcome', answer: true, cell: (row) => outcomeWord(row.outcome) },
  { key: 'message', header: 'Message', cell: (row) => row.message },
];

/** What a finished run did not create, and why. */
export function NotCreatedRows({ rows }: { rows: CreatedRow[] }) {
  return (
    <DataTable
      caption="Rows not created"
      columns={notCreatedColumns}
      rows={rows.slice(0, listedRows)}
      rowKey={(row) => String(row.row)}
      empty={null}
    />
  );
}

/** A CSV written in the browser as a file to download (with a byte order mark, so Excel reads UTF-8). */
export function CsvDownloadButton({
  csv,
  fileName,
  label,
}: {
  csv: string;
  fileName: string;
  label: string;
}) {
  const url = useMemo(() => URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Button component="a" href={url} download={fileName} variant="default">
      {label}
    </Button>
  );
}
