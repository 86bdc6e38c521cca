import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useFocusAfterRemove } from '../../../components/use-focus-after-remove';
import type { ConsoleConfig } from '../../../contract/console-config';
import { attributeLabel, flagExplanations } from '../model/attribute-labels';
import type { ProductFormValues } from '../model/product-form-schema';

/** Part attributes of a new product: keys from the operator's packet, and the two flags in plain words. */
export function AttributeEditor({ config }: { config: ConsoleConfig }) {
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'productAttributes' });
  // The keys as chosen now: `fields` keeps the values rows were added with, not later selections.
  const chosen = useWatch({ control, name: 'productAttributes' });
  const unused = config.attributeKeys.find(
    (entry) => !chosen.some((attribute) => attribute.key === entry.key),
  );
  const { addButtonRef, noteRemoved } = useFocusAfterRemove(fields.length, (index) =>
    setFocus(`productAttributes.${index}.key`),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="attributes-heading">
      <div>
        <Title order={2} size="h4" id="attributes-heading">
          Attributes
        </Title>
        <Text size="sm" c="dimmed">
          Values the warehouse records per item, such as a serial number or lot. The operator fixes which keys
          exist. Attributes cannot be changed after the product is created.
        </Text>
      </div>
      {fields.length === 0 ? <Text size="sm">No attributes.</Text> : null}
      {fields.map((field, index) => {
        const fieldErrors = errors.productAttributes?.[index];
        const number = index + 1;
        return (
          <Paper key={field.id} withBorder p="md" component="fieldset" aria-label={`Attribute ${number}`}>
            <Stack gap="sm">
              <Group align="flex-end" justify="space-between">
                <NativeSelect
                  label={`Attribute ${number} key`}
                  data={[
                    { value: '', label: 'Choose an attribute' },
                    ...config.attributeKeys.map((entry) => ({
                      value: entry.key,
                      label: attributeLabel(config, entry.key),
                    })),
                  ]}
                  {...register(`productAttributes.${index}.key`)}
                  error={fieldErrors?.key?.message}
                  miw={220}
                />
                <Button
                  variant="default"
                  onClick={() => {
                    noteRemoved(index);
                    remove(index);
                  }}
                >
                  Remove attribute {number}
                </Button>
              </Group>
              <Checkbox
                label={flagExplanations.requiredForWarehouseRelease.label}
                description={flagExplanations.requiredForWarehouseRelease.description}
                {...register(`productAttributes.${index}.requiredForWarehouseRelease`)}
                error={fieldErrors?.requiredForWarehouseRelease?.message}
                aria-invalid={fieldErrors?.requiredForWarehouseRelease ? true : undefined}
              />
              <Checkbox
                label={flagExplanations.requiredForRfConfirmation.label}
                description={flagExplanations.requiredForRfConfirmation.description}
                {...register(`productAttributes.${index}.requiredForRfConfirmation`)}
                error={fieldErrors?.requiredForRfConfirmation?.message}
                aria-invalid={fieldErrors?.requiredForRfConfirmation ? true : undefined}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          ref={addButtonRef}
          variant="default"
          onClick={() =>
            append({
              key: unused?.key ?? '',
              requiredForWarehouseRelease: false,
              requiredForRfConfirmation: false,
            })
          }
        >
          Add attribute
        </Button>
      </Group>
    </Stack>
  );
}
