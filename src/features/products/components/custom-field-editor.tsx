import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { TextField } from '@/components/form/registered-fields';
import { useFieldRows } from '@/components/form/use-field-rows';
import type { ProductFormValues } from '../model/product-form-schema';

/** Free key/value pairs; they are not carried into inventory and cannot be edited later. */
export function CustomFieldEditor() {
  const customFields = useFieldRows<ProductFormValues>('customFields', 'key');

  return (
    <Stack gap="sm" component="section" aria-labelledby="custom-fields-heading">
      <div>
        <Title order={2} size="h4" id="custom-fields-heading">
          Custom fields
        </Title>
        <Text size="sm" c="dimmed">
          Notes for your own systems. The warehouse cannot scan them, they do not follow the goods into
          inventory, and they cannot be changed after creation.
        </Text>
      </div>
      {customFields.rows.map((row, index) => {
        const number = index + 1;
        return (
          <Group key={row.id} align="flex-start">
            <TextField name={`customFields.${index}.key`} label={`Custom field ${number} key`} />
            <TextField name={`customFields.${index}.value`} label={`Custom field ${number} value`} />
            <Button variant="default" mt={25} onClick={() => customFields.remove(index)}>
              Remove custom field {number}
            </Button>
          </Group>
        );
      })}
      <Group>
        <Button
          ref={customFields.addButtonRef}
          variant="default"
          onClick={() => customFields.append({ key: '', value: '' })}
        >
          Add custom field
        </Button>
      </Group>
    </Stack>
  );
}
