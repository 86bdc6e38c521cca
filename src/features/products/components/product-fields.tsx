import { Fieldset, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import { pickModeExplanations } from '../model/attribute-labels';
import type { ProductEditValues } from '../model/product-form-schema';

function MeasureInput({ name, label }: { name: FieldPath<ProductEditValues>; label: string }) {
  const { control } = useFormContext<ProductEditValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          name={field.name}
          ref={field.ref}
          // Mantine gives '' for an empty box; it stays '' so the schema reads it as "not given", never 0.
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          allowNegative={false}
          decimalScale={4}
        />
      )}
    />
  );
}

/** The members a product update may change; shared by the create and the edit form. */
export function ProductEditableFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductEditValues>();

  return (
    <Stack gap="lg">
      <Fieldset legend="Name, unit and price">
        <Stack gap="sm">
          <TextInput
            label="Description"
            description="Make it unique, so warehouse staff can tell variants apart."
            withAsterisk
            {...register('productDescription')}
            error={errors.productDescription?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Unit"
              description="How the product is counted, for example UNT."
              withAsterisk
              {...register('productUnit')}
              error={errors.productUnit?.message}
            />
            <TextInput
              label="Unit price"
              description="For example 12.50 (up to 4 decimals)."
              inputMode="decimal"
              {...register('unitPrice')}
              error={errors.unitPrice?.message}
            />
            <TextInput
              label="Price currency"
              description="For example USD."
              {...register('unitPriceCurrency')}
              error={errors.unitPriceCurrency?.message}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Size and weight of one unit">
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <MeasureInput name="dimHeight" label="Height" />
          <MeasureInput name="dimWidth" label="Width" />
          <MeasureInput name="dimDepth" label="Depth" />
          <TextInput
            label="Size unit"
            description="For example IN."
            {...register('dimUnit')}
            error={errors.dimUnit?.message}
          />
          <MeasureInput name="weightPerProduct" label="Weight" />
          <TextInput
            label="Weight unit"
            description="LB or OZ."
            {...register('weightPerProductUnit')}
            error={errors.weightPerProductUnit?.message}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Your own codes (optional)">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Client product code"
            description="Your own code for it, if it differs."
            {...register('clientProductCode')}
            error={errors.clientProductCode?.message}
          />
          <TextInput
            label="Client description"
            {...register('clientProductDescription')}
            error={errors.clientProductDescription?.message}
          />
          <TextInput
            label="Client unit"
            {...register('clientProductUnit')}
            error={errors.clientProductUnit?.message}
          />
        </SimpleGrid>
      </Fieldset>

      <Controller
        control={control}
        name="pickMode"
        render={({ field, fieldState }) => (
          <Radio.Group
            label="Pick mode"
            description="How the warehouse picks this product when it ships."
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <Stack gap="sm" mt="xs">
              {(['ASP', 'ANE'] as const).map((mode) => (
                <Radio
                  key={mode}
                  value={mode}
                  ref={mode === field.value ? field.ref : undefined}
                  label={pickModeExplanations[mode].label}
                  description={pickModeExplanations[mode].description}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
    </Stack>
  );
}
