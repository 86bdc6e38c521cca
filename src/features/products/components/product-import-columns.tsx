import { Select } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { ConsoleConfig } from '@/contract/console-config';
import type { CsvTable } from '@/domain/csv-file';
import { type ColumnTarget, productColumnFields } from '../model/product-csv-mapping';

type ProductImportColumnsProps = {
  table: CsvTable;
  targets: ColumnTarget[];
  attributeKeys: ConsoleConfig['attributeKeys'];
  onChange: (targets: ColumnTarget[]) => void;
};

type FileColumn = { index: number; header: string };

/**
 * Each column of the file, an example value, and the member it fills, which the reader may change: a
 * table, a card each on a phone.
 */
export function ProductImportColumns({ table, targets, attributeKeys, onChange }: ProductImportColumnsProps) {
  const choicesFor = (header: string, target: ColumnTarget) => {
    const choices = [
      { value: '', label: 'Not imported' },
      ...Object.entries(productColumnFields).map(([value, label]) => ({ value, label })),
      ...attributeKeys.map(({ key, label }) => ({
        value: `attribute:${key}`,
        label: `Attribute ${label || key}`,
      })),
      { value: `custom:${header}`, label: `Custom field “${header}”` },
    ];
    return choices.some((choice) => choice.value === target)
      ? choices
      : [...choices, { value: target, label: target.replace(':', ' ') }];
  };
  const columns: DataTableColumn<FileColumn>[] = [
    {
      key: 'header',
      header: 'Column in the file',
      rowHeader: true,
      cell: ({ index, header }) => header || `Column ${index + 1}`,
    },
    { key: 'first', header: 'First value', cell: ({ index }) => table.rows[0]?.[index] ?? '' },
    {
      key: 'target',
      header: 'Imported as',
      answer: true,
      cell: ({ index, header }) => (
        <Select
          aria-label={`Column ${header || index + 1} is imported as`}
          data={choicesFor(header, targets[index] ?? '')}
          value={targets[index] ?? ''}
          allowDeselect={false}
          onChange={(value) =>
            onChange(targets.map((target, at) => (at === index ? ((value ?? '') as ColumnTarget) : target)))
          }
        />
      ),
    },
  ];
  return (
    <DataTable
      caption="Columns of the file and what each fills"
      columns={columns}
      rows={table.headers.map((header, index) => ({ index, header }))}
      // A file's columns never move, and two may share a header: the place names the row.
      rowKey={({ index }) => String(index)}
      empty={null}
    />
  );
}
