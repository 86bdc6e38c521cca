import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { AddressFieldset } from '@/components/form/address-fieldset';
import { DocumentLinesFieldset } from '@/components/form/document-lines-fieldset';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/registered-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { WarehouseField } from '@/components/form/warehouse-field';
import type { Receive } from '@/contract/receive';
import { useProductCodeCheck } from '@/lib/check-product-code';
import { useCreateReceive } from '../api/create-receive';
import {
  emptyReceiveForm,
  type ReceiveFormValues,
  receiveFormSchema,
  toReceiveInput,
} from '../model/receive-form';
import { receiveKindWords } from '../model/receive-kind';
import { PackingListImport } from './packing-list-import';

/**
 * Creates a receive. Field rules come from the contract; what the service
 * rejects is put back on the field it names, and the form keeps what was typed.
 */
export function ReceiveForm({
  warehouses,
  onCreated,
  onCancel,
}: {
  warehouses: string[];
  onCreated: (receive: Receive) => void;
  onCancel: () => void;
}) {
  const words = receiveKindWords.receives;
  const form = useZodForm(receiveFormSchema, {
    defaultValues: emptyReceiveForm(warehouses.length === 1 ? warehouses[0] : ''),
  });
  const create = useCreateReceive({ onSuccess: onCreated });
  const productCheck = useProductCodeCheck(form);

  async function submit(values: ReceiveFormValues) {
    const productFields = values.receiveLines.map((_, index) => `receiveLines.${index}.productCode` as const);
    if (!(await productCheck.checkAll(productFields))) return;
    await create.mutateAsync(toReceiveInput(values));
  }

  return (
    <Form form={form} onSubmit={submit} guardUnsavedChanges aria-label={`New ${words.singular}`}>
      <Stack gap="lg">
        <FormFailureAlert title={`The ${words.singular} was not created`} />
        <Fieldset legend="Receive">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WarehouseField warehouses={warehouses} />
            <TextField
              name="primaryReference"
              label={words.primaryReference}
              withAsterisk
              autoComplete="off"
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
        </Fieldset>
        <AddressFieldset name="shipFromAddress" legend="Ship from (optional)" />
        <Stack gap="xs">
          <DocumentLinesFieldset name="receiveLines" legend="Announced lines" />
          <PackingListImport name="receiveLines" />
        </Stack>
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
