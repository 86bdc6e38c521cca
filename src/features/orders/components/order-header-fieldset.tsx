import { Fieldset, SimpleGrid } from '@mantine/core';
import { TextField } from '@/components/form/registered-fields';
import { WarehouseField } from '@/components/form/warehouse-field';

const lockedNote = 'Cannot change once the order exists';

/** Warehouse, references and ship date. In a correction the warehouse and primary reference are locked. */
export function OrderHeaderFieldset({
  warehouses,
  heldWarehouse,
  locked,
}: {
  warehouses: string[];
  heldWarehouse: string;
  locked: boolean;
}) {
  return (
    <Fieldset legend="Order">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WarehouseField
          warehouses={warehouses}
          held={heldWarehouse}
          disabled={locked}
          description={locked ? lockedNote : undefined}
        />
        <TextField
          name="primaryReference"
          label="Primary reference"
          withAsterisk
          autoComplete="off"
          readOnly={locked}
          // Read-only rather than disabled, so the value is still submitted; shaded so it reads as locked.
          variant={locked ? 'filled' : 'default'}
          description={locked ? lockedNote : 'Your unique order number'}
        />
        <TextField name="secondaryReference" label="Secondary reference" />
        <TextField name="requiredShipDate" label="Required ship date" type="date" />
      </SimpleGrid>
    </Fieldset>
  );
}
