import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { TextField } from '@/components/form/registered-fields';
import { RemoveRowButton } from '@/components/form/remove-row-button';
import { useFieldRows } from '@/components/form/use-field-rows';
import type { OrderFormValues } from '../model/order-form';

/** Named references of the order besides its primary and secondary one. */
export function AdditionalReferencesFieldset() {
  const references = useFieldRows<OrderFormValues>('additionalReferences', 'key');
  return (
    <Fieldset legend="Additional references">
      <Stack gap="xs">
        {references.rows.map((row, index) => (
          <Group key={row.id} align="flex-start" grow>
            <TextField name={`additionalReferences.${index}.key`} label={`Reference ${index + 1} name`} />
            <TextField name={`additionalReferences.${index}.value`} label={`Reference ${index + 1} value`} />
            <RemoveRowButton
              label={`Remove reference ${index + 1}`}
              onClick={() => references.remove(index)}
            />
          </Group>
        ))}
        <Group>
          <Button
            ref={references.addButtonRef}
            variant="default"
            onClick={() => references.append({ key: '', value: '' })}
          >
            Add a reference
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
