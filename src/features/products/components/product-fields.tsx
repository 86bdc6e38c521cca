import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { NumberField, RadioGroupField } from '@/components/form/controlled-fields';
import { NativeSelectField, TextField } from '@/components/form/registered-fields';
import { pickModes, productUnitChoices } from '@/contract/product';
import { pickModeExplanations } from '../model/attribute-labels';

const pickModeOptions = pickModes.map((mode) => ({ value: mode, ...pickModeExplanations[mode] }));

type UnitName = keyof typeof productUnitChoices;

/**
 * The documented units as a choice; one that may be left out also offers "None", and a product's own unit
 * outside the list (taken by a real operator) stays offered, so an edit shows what is stored.
 */
function UnitField({ name, label, optional = false }: { name: UnitName; label: string; optional?: boolean }) {
  const stored: unknown = useFormState({ name }).defaultValues?.[name];
  const units: readonly string[] = productUnitChoices[name];
  const kept = typeof stored === 'string' && stored !== '' && !units.includes(stored) ? [stored] : [];
  const choices = [...units, ...kept].map((unit) => ({ value: unit, label: unit }));
  return (
    <NativeSelectField
      name={name}
      label={label}
      data={optional ? [{ value: '', label: 'None' }, ...choices] : choices}
      withAsterisk={!optional}
    />
  );
}

function MeasureField({ name, label }: { name: string; label: string }) {
  return <NumberField name={name} label={label} allowNegative={false} decimalScale={4} />;
}

/**
 * The pick-mode rule said as the pick mode changes, and as the attributes it reads change, rather than
 * only once the form is sent: the person sees what ANE needs while choosing it.
 */
function useLivePickModeRule() {
  const { trigger } = useFormContext();
  const pickMode = useWatch({ name: 'pickMode' });
  const attributes = useWatch({ name: 'productAttributes' });
  const choice = JSON.stringify([pickMode, attributes ?? []]);
  const checkedChoice = useRef(choice);
  useEffect(() => {
    if (checkedChoice.current === choice) return;
    checkedChoice.current = choice;
    void trigger('pickMode');
  }, [choice, trigger]);
}

/**
 * The members a product update may change; shared by the create and the edit form. `pickModeNote` shows
 * under the pick mode (a warning the person may go past).
 */
export function ProductEditableFields({ pickModeNote }: { pickModeNote?: ReactNode }) {
  useLivePickModeRule();
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
            <UnitField name="productUnit" label="Unit" />
            <TextField
              name="unitPrice"
              label="Unit price"
              description="For example 12.50 (up to 4 decimals, not negative)."
              inputMode="decimal"
            />
            <UnitField name="unitPriceCurrency" label="Price currency" optional />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Size and weight of one unit">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <MeasureField name="dimHeight" label="Height" />
          <MeasureField name="dimWidth" label="Width" />
          <MeasureField name="dimDepth" label="Depth" />
          <UnitField name="dimUnit" label="Size unit" optional />
          <MeasureField name="weightPerProduct" label="Weight" />
          <UnitField name="weightPerProductUnit" label="Weight unit" optional />
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
