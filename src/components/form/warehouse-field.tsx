import type { SelectProps } from '@mantine/core';
import { SelectField } from './controlled-fields';

/**
 * The warehouse of an order or a receive, at `warehouseCode`, chosen from the console's list. A warehouse the
 * record holds that the list lacks (`held`) is offered too, so the field shows it rather than a blank. Empty,
 * its placeholder says so; the schema's error says what to do.
 */
export function WarehouseField({
  warehouses,
  held = '',
  ...props
}: { warehouses: string[]; held?: string } & Pick<SelectProps, 'disabled' | 'description'>) {
  return (
    <SelectField
      {...props}
      name="warehouseCode"
      label="Warehouse"
      withAsterisk
      placeholder="No warehouse chosen"
      data={held && !warehouses.includes(held) ? [...warehouses, held] : warehouses}
      allowDeselect={false}
    />
  );
}
