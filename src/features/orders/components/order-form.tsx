import { Button, Group, Stack } from '@mantine/core';
import { AddressFieldset } from '@/components/form/address-fieldset';
import { DocumentLinesFieldset } from '@/components/form/document-lines-fieldset';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { useZodForm } from '@/components/form/use-zod-form';
import { ButtonLink } from '@/components/router-links';
import type { ConsoleConfig } from '@/contract/console-config';
import { type ApiError, isApiError } from '@/lib/api-error';
import { useProductCodeCheck } from '@/lib/check-product-code';
import { type OrderFormOutput, type OrderFormValues, orderFormSchema } from '../model/order-form';
import { AdditionalReferencesFieldset } from './additional-references-fieldset';
import { CarrierFieldset } from './carrier-fieldset';
import { OrderHeaderFieldset } from './order-header-fieldset';
import { TradeTermsFieldset } from './trade-terms-fieldset';

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
  const form = useZodForm(orderFormSchema, { defaultValues });
  const productCheck = useProductCodeCheck(form);

  async function submit(values: OrderFormOutput) {
    const products = values.orderLines.map((_, index) => `orderLines.${index}.productCode` as const);
    if (!(await productCheck.checkAll(products))) return;
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      if (mode === 'create') {
        form.setError(
          'primaryReference',
          {
            type: 'server',
            message: `An order with the reference ${values.primaryReference} already exists. Use another reference, or open that order.`,
          },
          { shouldFocus: true },
        );
        return;
      }
      throw describeConflict ? new Error(await describeConflict(error)) : error;
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      guardUnsavedChanges
      aria-label={mode === 'create' ? 'New order' : 'Correct order'}
    >
      <Stack gap="lg">
        <FormFailureAlert
          title={mode === 'create' ? 'The order was not created' : 'The order was not changed'}
        />
        <OrderHeaderFieldset
          warehouses={config.warehouses}
          heldWarehouse={defaultValues.warehouseCode}
          locked={mode === 'correct'}
        />
        <AdditionalReferencesFieldset />
        <AddressFieldset name="shipToAddress" legend="Ship to" required />
        <DocumentLinesFieldset name="orderLines" legend="Lines" />
        <CarrierFieldset rateGroups={config.rateGroups} />
        <TradeTermsFieldset heldIncoterm={defaultValues.forwardingData.incoTerm} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          <ButtonLink variant="default" {...cancelTo}>
            Cancel
          </ButtonLink>
        </Group>
      </Stack>
    </Form>
  );
}
