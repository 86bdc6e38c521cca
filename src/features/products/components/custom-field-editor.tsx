import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useFocusAfterRemove } from '../../../components/use-focus-after-remove';
import type { ProductFormValues } from '../model/product-form-schema';

/** Free key/value pairs; they are not carried into inventory and cannot be edited later. */
export function CustomFieldEditor() {
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'customFields' });
  const { addButtonRef, noteRemoved } = useFocusAfterRemove(fields.length, (index) =>
    setFocus(`customFields.${index}.key`),
  );

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
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <Group key={field.id} align="flex-start">
            <TextInput
              label={`Custom field ${number} key`}
              {...register(`customFields.${index}.key`)}
              error={errors.customFields?.[index]?.key?.message}
            />
            <TextInput
              label={`Custom field ${number} value`}
              {...register(`customFields.${index}.value`)}
              error={errors.customFields?.[index]?.value?.message}
            />
            <Button
              variant="default"
              mt={25}
              onClick={() => {
                noteRemoved(index);
                remove(index);
              }}
            >
              Remove custom field {number}
            </Button>
          </Group>
        );
      })}
      <Group>
        <Button ref={addButtonRef} variant="default" onClick={() => append({ key: '', value: '' })}>
          Add custom field
        </Button>
      </Group>
    </Stack>
  );
}
