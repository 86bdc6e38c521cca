import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldPath, get, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useProductSuggestions } from '../../../components/get-product-suggestions';
import { ProductCodeAutocomplete } from '../../../components/product-code-autocomplete';
import { ButtonLink } from '../../../components/router-links';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useFocusAfterRemove } from '../../../components/use-focus-after-remove';
import type { ConsoleConfig } from '../../../contract/console-config';
import { incoterms } from '../../../contract/incoterms';
import { type ApiError, isApiError } from '../../../lib/api-error';
import { useProductCodeCheck } from '../../../lib/check-product-code';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  type CarrierChoice,
  carrierChoices,
  type OrderFormOutput,
  type OrderFormValues,
  orderFormSchema,
} from '../model/order-form';

const carrierExplanations: Record<CarrierChoice, string> = {
  rateGroup:
    'The warehouse shops the rates of this group and books the carrier; you see it in the tracking once shipped.',
  transportDetail: 'You name the carrier and service level. A rate group cannot be sent with it.',
  warehouse: 'No carrier is sent: the warehouse uses its default for this account.',
};

const incotermOptions = incoterms.map((term) => ({
  value: term.code,
  label: `${term.code} — ${term.meaning}`,
}));

type OrderFormProps = {
  mode: 'create' | 'correct';
  config: ConsoleConfig;
  defaultValues: OrderFormValues;
  submitLabel: string;
  cancelTo: { to: '/orders' } | { to: '/orders/$reference'; params: { reference: string } };
  /** Sends the order body; a rejected promise carries the server's ApiError. */
  onSubmit: (order: OrderFormOutput) => Promise<unknown>;
  /** Explains a refusal that belongs to no field (the correction's 409), with the form kept. */
  describeConflict?: (error: ApiError) => Promise<string> | string;
};

export function OrderForm({
  mode,
  config,
  defaultValues,
  submitLabel,
  cancelTo,
  onSubmit,
  describeConflict,
}: OrderFormProps) {
  const form = useForm<OrderFormValues, unknown, OrderFormOutput>({
    resolver: zodResolver(orderFormSchema) as unknown as Resolver<OrderFormValues, unknown, OrderFormOutput>,
    defaultValues,
  });
  const { register, control, formState, watch, setError } = form;
  const errors = formState.errors;
  // Every input takes its message through `fieldError`, which notes the name: a server error lands on a
  // field only if this render shows that input with its error; anything else goes to the alert.
  const shownFields = new Set<string>();
  const fieldError = (name: FieldPath<OrderFormValues>): string | undefined => {
    shownFields.add(name);
    return get<typeof errors, { message?: string } | undefined>(errors, name)?.message;
  };
  const lines = useFieldArray({ control, name: 'orderLines' });
  const references = useFieldArray({ control, name: 'additionalReferences' });
  const referenceFocus = useFocusAfterRemove(references.fields.length, (index) =>
    form.setFocus(`additionalReferences.${index}.key`),
  );
  const lineFocus = useFocusAfterRemove(lines.fields.length, (index) =>
    form.setFocus(`orderLines.${index}.productCode`),
  );
  const [general, setGeneral] = useState<string[]>([]);
  const productCheck = useProductCodeCheck(form);
  const productSuggestions = useProductSuggestions();
  const carrierChoice = watch('carrierChoice');
  const locked = mode === 'correct';
  // A correction starts from what the order holds, even a warehouse or Incoterm our lists lack: offer it
  // too, so the field shows it rather than a blank.
  const { warehouseCode, forwardingData } = defaultValues;
  const warehouseOptions =
    warehouseCode && !config.warehouses.includes(warehouseCode)
      ? [...config.warehouses, warehouseCode]
      : config.warehouses;
  const incotermChoices =
    forwardingData.incoTerm && !incotermOptions.some((option) => option.value === forwardingData.incoTerm)
      ? [
          ...incotermOptions,
          {
            value: forwardingData.incoTerm,
            label: `${forwardingData.incoTerm} — as on the order (not in the list)`,
          },
        ]
      : incotermOptions;

  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    const products = values.orderLines.map((_, index) => `orderLines.${index}.productCode` as const);
    if (!(await productCheck.checkAll(products))) return;
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isApiError(error)) {
        setGeneral([error instanceof Error ? error.message : 'The order could not be sent']);
        return;
      }
      if (error.status === 409 && mode === 'create') {
        setError(
          'primaryReference',
          {
            type: 'server',
            message: `An order with the reference ${values.primaryReference} already exists. Use another reference, or open that order.`,
          },
          { shouldFocus: true },
        );
        return;
      }
      if (error.status === 409 && describeConflict) {
        setGeneral([await describeConflict(error)]);
        return;
      }
      setGeneral(applyServerErrors(setError, error.errors, (name) => shownFields.has(name)));
    }
  });

  const linesError = fieldError('orderLines');
  const transportError = carrierChoice === 'transportDetail' ? fieldError('transportDetail') : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'New order' : 'Correct order'}>
      {/* The navigation after a save passes ignoreBlocker. */}
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <Stack gap="lg">
        {general.length > 0 ? (
          <Alert
            color="red"
            role="alert"
            title={mode === 'create' ? 'The order was not created' : 'The order was not changed'}
          >
            <List size="sm">
              {general.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Your entries are kept in the form.
            </Text>
          </Alert>
        ) : null}

        <Fieldset legend="Order">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="warehouseCode"
              render={({ field }) => (
                <Select
                  label="Warehouse"
                  withAsterisk
                  data={warehouseOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  disabled={locked}
                  description={locked ? 'Cannot change once the order exists' : undefined}
                  error={fieldError('warehouseCode')}
                  allowDeselect={false}
                />
              )}
            />
            <TextInput
              label="Primary reference"
              withAsterisk
              autoComplete="off"
              readOnly={locked}
              // Read-only rather than disabled, so the value is still submitted; shaded so it reads as locked.
              variant={locked ? 'filled' : 'default'}
              description={locked ? 'Cannot change once the order exists' : 'Your unique order number'}
              {...register('primaryReference')}
              error={fieldError('primaryReference')}
            />
            <TextInput
              label="Secondary reference"
              {...register('secondaryReference')}
              error={fieldError('secondaryReference')}
            />
            <TextInput
              label="Required ship date"
              type="date"
              {...register('requiredShipDate')}
              error={fieldError('requiredShipDate')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Additional references">
          <Stack gap="xs">
            {references.fields.map((field, index) => (
              <Group key={field.id} align="flex-start" grow>
                <TextInput
                  label={`Reference ${index + 1} name`}
                  {...register(`additionalReferences.${index}.key`)}
                  error={fieldError(`additionalReferences.${index}.key`)}
                />
                <TextInput
                  label={`Reference ${index + 1} value`}
                  {...register(`additionalReferences.${index}.value`)}
                  error={fieldError(`additionalReferences.${index}.value`)}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  style={{ flexGrow: 0 }}
                  onClick={() => {
                    referenceFocus.noteRemoved(index);
                    references.remove(index);
                  }}
                >
                  Remove reference {index + 1}
                </Button>
              </Group>
            ))}
            <Group>
              <Button
                ref={referenceFocus.addButtonRef}
                variant="default"
                onClick={() => references.append({ key: '', value: '' })}
              >
                Add a reference
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Ship to">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Organization"
              autoComplete="organization"
              {...register('shipToAddress.address.organization')}
              error={fieldError('shipToAddress.address.organization')}
            />
            <TextInput
              label="Address line 1"
              withAsterisk
              autoComplete="address-line1"
              {...register('shipToAddress.address.addressLine1')}
              error={fieldError('shipToAddress.address.addressLine1')}
            />
            <TextInput
              label="Address line 2"
              autoComplete="address-line2"
              {...register('shipToAddress.address.addressLine2')}
              error={fieldError('shipToAddress.address.addressLine2')}
            />
            <TextInput
              label="City"
              autoComplete="address-level2"
              {...register('shipToAddress.address.city')}
              error={fieldError('shipToAddress.address.city')}
            />
            <TextInput
              label="State"
              autoComplete="address-level1"
              {...register('shipToAddress.address.state')}
              error={fieldError('shipToAddress.address.state')}
            />
            <TextInput
              label="Postal code"
              autoComplete="postal-code"
              {...register('shipToAddress.address.postalCode')}
              error={fieldError('shipToAddress.address.postalCode')}
            />
            <TextInput
              label="Country"
              withAsterisk
              description="Two- or three-letter code, for example US or USA"
              autoComplete="country"
              {...register('shipToAddress.address.country')}
              error={fieldError('shipToAddress.address.country')}
            />
          </SimpleGrid>
          <Text fw={600} mt="md" mb="xs">
            Contact
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Contact name"
              autoComplete="name"
              {...register('shipToAddress.contact.personName')}
              error={fieldError('shipToAddress.contact.personName')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              {...register('shipToAddress.contact.phoneNumber')}
              error={fieldError('shipToAddress.contact.phoneNumber')}
            />
            <TextInput
              label="Mobile"
              type="tel"
              {...register('shipToAddress.contact.mobileNumber')}
              error={fieldError('shipToAddress.contact.mobileNumber')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...register('shipToAddress.contact.emailAddress')}
              error={fieldError('shipToAddress.contact.emailAddress')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Lines">
          <Stack gap="sm">
            {linesError ? (
              <Text c="red.8" size="sm" role="alert">
                {linesError}
              </Text>
            ) : null}
            {lines.fields.map((field, index) => (
              <Group key={field.id} align="flex-start" wrap="wrap">
                <Controller
                  control={control}
                  name={`orderLines.${index}.productCode`}
                  render={({ field: product }) => (
                    <ProductCodeAutocomplete
                      label={`Line ${index + 1} product`}
                      withAsterisk
                      description="Product code; only existing products are accepted"
                      suggestions={productSuggestions}
                      limit={20}
                      value={product.value}
                      onChange={product.onChange}
                      onBlur={() => {
                        product.onBlur();
                        void productCheck.check(`orderLines.${index}.productCode`);
                      }}
                      ref={product.ref}
                      error={fieldError(`orderLines.${index}.productCode`)}
                      style={{ flex: '2 1 240px' }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`orderLines.${index}.quantity`}
                  render={({ field: quantity }) => (
                    <NumberInput
                      label={`Line ${index + 1} quantity`}
                      withAsterisk
                      min={0}
                      value={quantity.value}
                      onChange={(value) => quantity.onChange(typeof value === 'number' ? value : Number.NaN)}
                      onBlur={quantity.onBlur}
                      ref={quantity.ref}
                      error={fieldError(`orderLines.${index}.quantity`)}
                      style={{ flex: '1 1 120px' }}
                    />
                  )}
                />
                <TextInput
                  label={`Line ${index + 1} unit`}
                  {...register(`orderLines.${index}.quantityUnit`)}
                  error={fieldError(`orderLines.${index}.quantityUnit`)}
                  style={{ flex: '0 1 100px' }}
                />
                <TextInput
                  label={`Line ${index + 1} your line reference`}
                  {...register(`orderLines.${index}.externalLineReference`)}
                  error={fieldError(`orderLines.${index}.externalLineReference`)}
                  style={{ flex: '1 1 160px' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  size="lg"
                  disabled={lines.fields.length === 1}
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() => {
                    lineFocus.noteRemoved(index);
                    lines.remove(index);
                  }}
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                onClick={() =>
                  lines.append({
                    productCode: '',
                    quantity: 1,
                    quantityUnit: 'UNT',
                    externalLineReference: '',
                  })
                }
              >
                Add a line
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Carrier">
          <Stack gap="sm">
            <Controller
              control={control}
              name="carrierChoice"
              render={({ field }) => (
                <div>
                  <Text id="carrier-choice-label" size="sm" fw={500} mb={4}>
                    How is the carrier chosen?
                  </Text>
                  <SegmentedControl
                    aria-labelledby="carrier-choice-label"
                    data={carrierChoices.map((choice) => ({ value: choice.value, label: choice.label }))}
                    value={field.value}
                    onChange={(value) => field.onChange(value as CarrierChoice)}
                  />
                </div>
              )}
            />
            <Text size="sm" c="dimmed" id="carrier-explanation">
              {carrierExplanations[carrierChoice]} The interface accepts a rate group or a carrier, never
              both, so only the option chosen here is sent.
            </Text>
            {carrierChoice === 'rateGroup' ? (
              <Controller
                control={control}
                name="rateGroup"
                render={({ field }) => (
                  <Select
                    label="Rate group"
                    withAsterisk
                    data={config.rateGroups}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldError('rateGroup')}
                    maw={320}
                  />
                )}
              />
            ) : null}
            {carrierChoice === 'transportDetail' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Carrier code"
                  withAsterisk
                  description="For example UPS, FEDEX, USPS, DHL"
                  {...register('transportDetail.carrierCode')}
                  error={fieldError('transportDetail.carrierCode') ?? transportError}
                />
                <TextInput
                  label="Service level code"
                  withAsterisk
                  description="For example GND"
                  {...register('transportDetail.serviceLevelCode')}
                  error={fieldError('transportDetail.serviceLevelCode')}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend="Trade terms and notes">
          <Stack gap="sm">
            <Controller
              control={control}
              name="forwardingData.incoTerm"
              render={({ field }) => (
                <Select
                  label="Incoterm"
                  description="Who pays for and bears the risk of transport"
                  data={incotermChoices}
                  searchable
                  clearable
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError('forwardingData.incoTerm')}
                  maw={480}
                />
              )}
            />
            <Textarea
              label="Note for the warehouse"
              autosize
              minRows={2}
              {...register('note')}
              error={fieldError('note')}
            />
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
          <ButtonLink variant="default" {...cancelTo}>
            Cancel
          </ButtonLink>
        </Group>
      </Stack>
    </form>
  );
}
