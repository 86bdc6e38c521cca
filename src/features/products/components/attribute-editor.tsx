import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, NativeSelectField } from '@/components/form/registered-fields';
import { useFieldRows } from '@/components/form/use-field-rows';
import type { ConsoleConfig } from '@/contract/console-config';
import { attributeLabel, flagExplanations } from '../model/attribute-labels';
import type { ProductFormValues } from '../model/product-form-schema';

const flags = ['requiredForWarehouseRelease', 'requiredForRfConfirmation'] as const;

/** Part attributes of a new product: keys from the operator's packet, and the two flags in plain words. */
export function AttributeEditor({ config }: { config: ConsoleConfig }) {
  const { control } = useFormContext<ProductFormValues>();
  const attributes = useFieldRows<ProductFormValues>('productAttributes', 'key');
  // The keys as chosen now: the rows keep the values they were added with, not later selections.
  const chosen = useWatch({ control, name: 'productAttributes' });
  const unused = config.attributeKeys.find(
    (entry) => !chosen.some((attribute) => attribute.key === entry.key),
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
      {attributes.rows.length === 0 ? <Text size="sm">No attributes.</Text> : null}
      {attributes.rows.map((row, index) => {
        const number = index + 1;
        return (
          <Paper key={row.id} withBorder p="md" component="fieldset" aria-label={`Attribute ${number}`}>
            <Stack gap="sm">
              <Group align="flex-end" justify="space-between">
                <NativeSelectField
                  name={`productAttributes.${index}.key`}
                  label={`Attribute ${number} key`}
                  data={[
                    { value: '', label: 'Choose an attribute' },
                    ...config.attributeKeys.map((entry) => ({
                      value: entry.key,
                      label: attributeLabel(config, entry.key),
                    })),
                  ]}
                  miw={220}
                />
                <Button variant="default" onClick={() => attributes.remove(index)}>
                  Remove attribute {number}
                </Button>
              </Group>
              {flags.map((flag) => (
                <CheckboxField
                  key={flag}
                  name={`productAttributes.${index}.${flag}`}
                  label={flagExplanations[flag].label}
                  description={flagExplanations[flag].description}
                />
              ))}
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          ref={attributes.addButtonRef}
          variant="default"
          onClick={() =>
            attributes.append({
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
