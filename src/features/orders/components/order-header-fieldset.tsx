import { Fieldset, SimpleGrid } from '@mantine/core';
import { SelectField } from '../../../components/form/controlled-fields';
import { TextField } from '../../../components/form/registered-fields';

const lockedNote = 'Cannot change once the order exists';

/**
 * Warehouse, references and ship date. In a correction the warehouse and primary reference are locked;
 * a warehouse the order holds that our list lacks is offered too, so the field shows it rather than a blank.
 */
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
        <SelectField
          name="warehouseCode"
          label="Warehouse"
          withAsterisk
          data={
            heldWarehouse && !warehouses.includes(heldWarehouse) ? [...warehouses, heldWarehouse] : warehouses
          }
          disabled={locked}
          description={locked ? lockedNote : undefined}
          allowDeselect={false}
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
