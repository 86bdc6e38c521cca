import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useProductSuggestions } from '../get-product-suggestions';
import { NumberField } from './controlled-fields';
import { blankDocumentLine } from './document-line-values';
import { ListError } from './list-error';
import { ProductCodeField } from './product-code-field';
import { TextField } from './registered-fields';
import { RemoveRowButton } from './remove-row-button';
import { useFieldRows } from './use-field-rows';

/**
 * The lines of an order or a receive, at `name` in the form's values: an existing product and a quantity
 * each, at least one line.
 */
export function DocumentLinesFieldset({ name, legend }: { name: string; legend: string }) {
  const lines = useFieldRows(name, 'productCode');
  const productSuggestions = useProductSuggestions();
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        <ListError name={name} />
        {lines.rows.map((row, index) => (
          <Group key={row.id} align="flex-start" wrap="wrap">
            <ProductCodeField
              name={`${name}.${index}.productCode`}
              label={`Line ${index + 1} product`}
              withAsterisk
              description="Product code; only existing products are accepted"
              suggestions={productSuggestions}
              limit={20}
              style={{ flex: '2 1 240px' }}
            />
            <NumberField
              name={`${name}.${index}.quantity`}
              label={`Line ${index + 1} quantity`}
              withAsterisk
              min={0}
              style={{ flex: '1 1 120px' }}
            />
            <TextField
              name={`${name}.${index}.quantityUnit`}
              label={`Line ${index + 1} unit`}
              withAsterisk
              style={{ flex: '0 1 100px' }}
            />
            <TextField
              name={`${name}.${index}.externalLineReference`}
              label={`Line ${index + 1} your line reference`}
              style={{ flex: '1 1 160px' }}
            />
            <RemoveRowButton
              label={`Remove line ${index + 1}`}
              disabled={lines.rows.length === 1}
              onClick={() => lines.remove(index)}
            />
          </Group>
        ))}
        <Group>
          <Button
            ref={lines.addButtonRef}
            variant="default"
            onClick={() => lines.append(blankDocumentLine())}
          >
            Add a line
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
