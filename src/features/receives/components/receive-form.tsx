import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import {
  ProductCodeAutocomplete,
  type ProductSuggestion,
} from '../../../components/product-code-autocomplete';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useFocusAfterRemove } from '../../../components/use-focus-after-remove';
import type { Receive } from '../../../contract/receive';
import { isApiError } from '../../../lib/api-error';
import { useProductCodeCheck } from '../../../lib/check-product-code';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateReceive } from '../api/create-receive';
import {
  emptyReceiveForm,
  emptyReceiveLine,
  isReceiveFormField,
  type ReceiveFormValues,
  receiveFormSchema,
  toReceiveInput,
} from '../model/receive-form';
import { type ReceiveKind, receiveKindWords } from '../model/receive-kind';

type AddressField = keyof ReceiveFormValues['shipFromAddress']['address'];
type ContactField = keyof ReceiveFormValues['shipFromAddress']['contact'];

const addressFields: { name: AddressField; label: string }[] = [
  { name: 'organization', label: 'Organization' },
  { name: 'addressLine1', label: 'Address line 1' },
  { name: 'addressLine2', label: 'Address line 2' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State or region' },
  { name: 'country', label: 'Country code' },
];
const contactFields: { name: ContactField; label: string }[] = [
  { name: 'personName', label: 'Contact name' },
  { name: 'emailAddress', label: 'Email' },
  { name: 'phoneNumber', label: 'Phone' },
];

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
  const form = useForm<ReceiveFormValues>({
    resolver: zodResolver(receiveFormSchema) as never,
    defaultValues: emptyReceiveForm(warehouses.length === 1 ? warehouses[0] : ''),
  });
  const lines = useFieldArray({ control: form.control, name: 'receiveLines' });
  const create = useCreateReceive({ onSuccess: onCreated });
  const { errors } = form.formState;
  const productCheck = useProductCodeCheck(form);
  const lineFocus = useFocusAfterRemove(lines.fields.length, (index) =>
    form.setFocus(`receiveLines.${index}.productCode`),
  );

  const submit = form.handleSubmit(async (values) => {
    setGeneralErrors([]);
    const productFields = values.receiveLines.map((_, index) => `receiveLines.${index}.productCode` as const);
    if (!(await productCheck.checkAll(productFields))) return;
    try {
      await create.mutateAsync(toReceiveInput(values, kind));
    } catch (error) {
      if (!isApiError(error)) throw error;
      setGeneralErrors(applyServerErrors(form.setError, error.errors, isReceiveFormField));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`New ${words.singular}`}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <Stack gap="lg">
        {generalErrors.length > 0 ? (
          <Alert color="red" variant="outline" title={`The ${words.singular} was not created`} role="alert">
            {generalErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Warehouse"
            withAsterisk
            data={[{ value: '', label: 'Choose a warehouse' }, ...warehouses]}
            error={errors.warehouseCode?.message}
            {...form.register('warehouseCode')}
          />
          <TextInput
            label={words.primaryReference}
            withAsterisk
            description="Unique; it cannot be changed later"
            error={errors.primaryReference?.message}
            {...form.register('primaryReference')}
          />
          <TextInput
            label="Secondary reference"
            error={errors.secondaryReference?.message}
            {...form.register('secondaryReference')}
          />
          <TextInput
            label={words.transportReference}
            description="PRO, tracking or container number"
            error={errors.transportReference?.message}
            {...form.register('transportReference')}
          />
          <TextInput type="date" label="ETA" error={errors.eta?.message} {...form.register('eta')} />
        </SimpleGrid>

        <Fieldset legend={kind === 'returns' ? 'Customer (ships the return)' : 'Ship from (optional)'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {addressFields.map((field) => (
              <TextInput
                key={field.name}
                label={field.label}
                error={errors.shipFromAddress?.address?.[field.name]?.message}
                {...form.register(`shipFromAddress.address.${field.name}`)}
              />
            ))}
            {contactFields.map((field) => (
              <TextInput
                key={field.name}
                label={field.label}
                error={errors.shipFromAddress?.contact?.[field.name]?.message}
                {...form.register(`shipFromAddress.contact.${field.name}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={kind === 'returns' ? 'What the customer sends back' : 'Announced lines'}>
          <Stack gap="sm">
            {lines.fields.map((field, index) => (
              <Group
                key={field.id}
                align="flex-start"
                gap="sm"
                wrap="wrap"
                role="group"
                aria-label={`Line ${index + 1}`}
              >
                <Controller
                  control={form.control}
                  name={`receiveLines.${index}.productCode`}
                  render={({ field: product }) => (
                    <ProductCodeAutocomplete
                      label={`Product, line ${index + 1}`}
                      withAsterisk
                      placeholder="Type or pick a product code"
                      suggestions={products}
                      limit={20}
                      w={280}
                      ref={product.ref}
                      name={product.name}
                      value={product.value}
                      onChange={product.onChange}
                      onBlur={() => {
                        product.onBlur();
                        void productCheck.check(`receiveLines.${index}.productCode`);
                      }}
                      error={errors.receiveLines?.[index]?.productCode?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`receiveLines.${index}.quantity`}
                  render={({ field: quantity }) => (
                    <NumberInput
                      label={`Quantity, line ${index + 1}`}
                      withAsterisk
                      min={0}
                      w={160}
                      ref={quantity.ref}
                      name={quantity.name}
                      value={quantity.value}
                      onChange={(value) => quantity.onChange(typeof value === 'number' ? value : '')}
                      onBlur={quantity.onBlur}
                      error={errors.receiveLines?.[index]?.quantity?.message}
                    />
                  )}
                />
                <TextInput
                  label={`Your line reference, line ${index + 1}`}
                  w={220}
                  error={errors.receiveLines?.[index]?.externalLineReference?.message}
                  {...form.register(`receiveLines.${index}.externalLineReference`)}
                />
                <Button
                  variant="subtle"
                  color="red.9"
                  mt={24}
                  disabled={lines.fields.length === 1}
                  onClick={() => {
                    lineFocus.noteRemoved(index);
                    lines.remove(index);
                  }}
                >
                  Remove line {index + 1}
                </Button>
              </Group>
            ))}
            {errors.receiveLines?.root?.message || errors.receiveLines?.message ? (
              <Text c="red.9" size="sm" role="alert">
                {errors.receiveLines?.root?.message ?? errors.receiveLines?.message}
              </Text>
            ) : null}
            <Group>
              <Button variant="default" onClick={() => lines.append(emptyReceiveLine())}>
                Add line
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create {words.singular}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
