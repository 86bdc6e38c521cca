import { Select, Table } from '@mantine/core';
import type { ConsoleConfig } from '@/contract/console-config';
import type { CsvTable } from '@/domain/csv-file';
import { type ColumnTarget, productColumnFields } from '../model/product-csv-mapping';

type ProductImportColumnsProps = {
  table: CsvTable;
  targets: ColumnTarget[];
  attributeKeys: ConsoleConfig['attributeKeys'];
  onChange: (targets: ColumnTarget[]) => void;
};

/** Each column of the file, an example value, and the member it fills, which the reader may change. */
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
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table>
        <Table.Caption>Columns of the file and what each fills</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Column in the file</Table.Th>
            <Table.Th scope="col">First value</Table.Th>
            <Table.Th scope="col">Imported as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns never move, and two may share a header
            <Table.Tr key={`${index}-${header}`}>
              <Table.Th scope="row">{header || `Column ${index + 1}`}</Table.Th>
              <Table.Td>{table.rows[0]?.[index] ?? ''}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Column ${header || index + 1} is imported as`}
                  data={choicesFor(header, targets[index] ?? '')}
                  value={targets[index] ?? ''}
                  allowDeselect={false}
                  onChange={(value) =>
                    onChange(
                      targets.map((target, at) => (at === index ? ((value ?? '') as ColumnTarget) : target)),
                    )
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
