import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { NumberField, RadioGroupField } from '../../../components/form/controlled-fields';
import { TextField } from '../../../components/form/registered-fields';
import { pickModes } from '../../../contract/product';
import { pickModeExplanations } from '../model/attribute-labels';

const pickModeOptions = pickModes.map((mode) => ({ value: mode, ...pickModeExplanations[mode] }));

function MeasureField({ name, label }: { name: string; label: string }) {
  return <NumberField name={name} label={label} allowNegative={false} decimalScale={4} />;
}

/**
 * The members a product update may change; shared by the create and the edit form. `pickModeNote` shows
 * under the pick mode (a warning the person may go past).
 */
export function ProductEditableFields({ pickModeNote }: { pickModeNote?: ReactNode }) {
  return (
    <Stack gap="lg">
      <Fieldset legend="Name, unit and price">
        <Stack gap="sm">
          <TextField
            name="productDescription"
            label="Description"
            description="Make it unique, so warehouse staff can tell variants apart."
            withAsterisk
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              name="productUnit"
              label="Unit"
              description="How the product is counted, for example UNT."
              withAsterisk
            />
            <TextField
              name="unitPrice"
              label="Unit price"
              description="For example 12.50 (up to 4 decimals)."
              inputMode="decimal"
            />
            <TextField name="unitPriceCurrency" label="Price currency" description="For example USD." />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Size and weight of one unit">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <MeasureField name="dimHeight" label="Height" />
          <MeasureField name="dimWidth" label="Width" />
          <MeasureField name="dimDepth" label="Depth" />
          <TextField name="dimUnit" label="Size unit" description="For example IN." />
          <MeasureField name="weightPerProduct" label="Weight" />
          <TextField name="weightPerProductUnit" label="Weight unit" description="LB or OZ." />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Your own codes (optional)">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField
            name="clientProductCode"
            label="Client product code"
            description="Your own code for it, if it differs."
          />
          <TextField name="clientProductDescription" label="Client description" />
          <TextField name="clientProductUnit" label="Client unit" />
        </SimpleGrid>
      </Fieldset>

      <RadioGroupField
        name="pickMode"
        label="Pick mode"
        description="How the warehouse picks this product when it ships."
        options={pickModeOptions}
      />
      {pickModeNote}
    </Stack>
  );
}
