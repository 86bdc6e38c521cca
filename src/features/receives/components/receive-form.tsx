import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { AddressFieldset } from '../../../components/form/address-fieldset';
import { NumberField } from '../../../components/form/controlled-fields';
import { showServerErrors } from '../../../components/form/field-errors';
import { Form } from '../../../components/form/form';
import { FormAlert } from '../../../components/form/form-alert';
import { ListError } from '../../../components/form/list-error';
import { ProductCodeField } from '../../../components/form/product-code-field';
import { NativeSelectField, TextField } from '../../../components/form/registered-fields';
import { useFieldRows } from '../../../components/form/use-field-rows';
import { useZodForm } from '../../../components/form/use-zod-form';
import type { ProductSuggestion } from '../../../components/product-code-autocomplete';
import type { Receive } from '../../../contract/receive';
import { isApiError } from '../../../lib/api-error';
import { useProductCodeCheck } from '../../../lib/check-product-code';
import { useCreateReceive } from '../api/create-receive';
import {
  emptyReceiveForm,
  emptyReceiveLine,
  type ReceiveFormValues,
  receiveFormSchema,
  toReceiveInput,
} from '../model/receive-form';
import { type ReceiveKind, receiveKindWords } from '../model/receive-kind';

/** The announced lines; a line's product must exist. */
function ReceiveLinesFieldset({ legend, products }: { legend: string; products: ProductSuggestion[] }) {
  const lines = useFieldRows<ReceiveFormValues>('receiveLines', 'productCode');
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        {lines.rows.map((row, index) => (
          <Group
            key={row.id}
            align="flex-start"
            gap="sm"
            wrap="wrap"
            role="group"
            aria-label={`Line ${index + 1}`}
          >
            <ProductCodeField
              name={`receiveLines.${index}.productCode`}
              label={`Product, line ${index + 1}`}
              withAsterisk
              placeholder="Type or pick a product code"
              suggestions={products}
              limit={20}
              w={280}
            />
            <NumberField
              name={`receiveLines.${index}.quantity`}
              label={`Quantity, line ${index + 1}`}
              withAsterisk
              min={0}
              w={160}
            />
            <TextField
              name={`receiveLines.${index}.externalLineReference`}
              label={`Your line reference, line ${index + 1}`}
              w={220}
            />
            <Button
              variant="subtle"
              color="red.9"
              mt={24}
              disabled={lines.rows.length === 1}
              onClick={() => lines.remove(index)}
            >
              Remove line {index + 1}
            </Button>
          </Group>
        ))}
        <ListError name="receiveLines" />
        <Group>
          <Button ref={lines.addButtonRef} variant="default" onClick={() => lines.append(emptyReceiveLine())}>
            Add line
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Creates a receive, or a return (subtype RET set here). Field rules come from the contract; what the service
 * rejects is put back on the field it names, and the form keeps what was typed.
 */
export function ReceiveForm({
  kind,
  warehouses,
  products,
  onCreated,
  onCancel,
}: {
  kind: ReceiveKind;
  warehouses: string[];
  products: ProductSuggestion[];
  onCreated: (receive: Receive) => void;
  onCancel: () => void;
}) {
  const words = receiveKindWords[kind];
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const form = useZodForm(receiveFormSchema, {
    defaultValues: emptyReceiveForm(warehouses.length === 1 ? warehouses[0] : ''),
  });
  const create = useCreateReceive({ onSuccess: onCreated });
  const productCheck = useProductCodeCheck(form);

  async function submit(values: ReceiveFormValues) {
    setGeneralErrors([]);
    const productFields = values.receiveLines.map((_, index) => `receiveLines.${index}.productCode` as const);
    if (!(await productCheck.checkAll(productFields))) return;
    try {
      await create.mutateAsync(toReceiveInput(values, kind));
    } catch (error) {
      if (!isApiError(error)) throw error;
      setGeneralErrors(showServerErrors(form, error));
    }
  }

  return (
    <Form form={form} onSubmit={submit} guardUnsavedChanges aria-label={`New ${words.singular}`}>
      <Stack gap="lg">
        {generalErrors.length > 0 ? (
          <FormAlert title={`The ${words.singular} was not created`} messages={generalErrors} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelectField
            name="warehouseCode"
            label="Warehouse"
            withAsterisk
            data={[{ value: '', label: 'Choose a warehouse' }, ...warehouses]}
          />
          <TextField
            name="primaryReference"
            label={words.primaryReference}
            withAsterisk
            description="Unique; it cannot be changed later"
          />
          <TextField name="secondaryReference" label="Secondary reference" />
          <TextField
            name="transportReference"
            label={words.transportReference}
            description="PRO, tracking or container number"
          />
          <TextField name="eta" type="date" label="ETA" />
        </SimpleGrid>
        <AddressFieldset
          name="shipFromAddress"
          legend={kind === 'returns' ? 'Customer (ships the return)' : 'Ship from (optional)'}
        />
        <ReceiveLinesFieldset
          legend={kind === 'returns' ? 'What the customer sends back' : 'Announced lines'}
          products={products}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create {words.singular}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
