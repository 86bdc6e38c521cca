import { ActionIcon, Button, Fieldset, Group, Stack } from '@mantine/core';
import { NumberField } from '../../../components/form/controlled-fields';
import { ListError } from '../../../components/form/list-error';
import { ProductCodeField } from '../../../components/form/product-code-field';
import { TextField } from '../../../components/form/registered-fields';
import { useFieldRows } from '../../../components/form/use-field-rows';
import { useProductSuggestions } from '../../../components/get-product-suggestions';
import type { OrderFormValues } from '../model/order-form';

/** The lines ordered: an existing product and a quantity each, at least one line. */
export function OrderLinesFieldset() {
  const lines = useFieldRows<OrderFormValues>('orderLines', 'productCode');
  const productSuggestions = useProductSuggestions();
  return (
    <Fieldset legend="Lines">
      <Stack gap="sm">
        <ListError name="orderLines" />
        {lines.rows.map((row, index) => (
          <Group key={row.id} align="flex-start" wrap="wrap">
            <ProductCodeField
              name={`orderLines.${index}.productCode`}
              label={`Line ${index + 1} product`}
              withAsterisk
              description="Product code; only existing products are accepted"
              suggestions={productSuggestions}
              limit={20}
              style={{ flex: '2 1 240px' }}
            />
            <NumberField
              name={`orderLines.${index}.quantity`}
              label={`Line ${index + 1} quantity`}
              withAsterisk
              min={0}
              style={{ flex: '1 1 120px' }}
            />
            <TextField
              name={`orderLines.${index}.quantityUnit`}
              label={`Line ${index + 1} unit`}
              style={{ flex: '0 1 100px' }}
            />
            <TextField
              name={`orderLines.${index}.externalLineReference`}
              label={`Line ${index + 1} your line reference`}
              style={{ flex: '1 1 160px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              size="lg"
              disabled={lines.rows.length === 1}
              aria-label={`Remove line ${index + 1}`}
              onClick={() => lines.remove(index)}
            >
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            ref={lines.addButtonRef}
            variant="default"
            onClick={() =>
              lines.append({ productCode: '', quantity: 1, quantityUnit: 'UNT', externalLineReference: '' })
            }
          >
            Add a line
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
