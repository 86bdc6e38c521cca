import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { showServerErrors, useFieldError } from '@/components/form/field-errors';
import { Form } from '@/components/form/form';
import { FormAlert } from '@/components/form/form-alert';
import { inputWrapperOrder, TextField } from '@/components/form/registered-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { WarehouseField } from '@/components/form/warehouse-field';
import { AnchorLink } from '@/components/router-links';
import type { Order } from '@/contract/order';
import type { Receive } from '@/contract/receive';
import { ApiError, isApiError } from '@/lib/api-error';
import { useCreateReceive } from '@/lib/create-receive';
import { getOrderReturnsQueryOptions } from '@/lib/get-order-returns';
import { getReceivesByReferenceQueryOptions } from '@/lib/get-receives-by-reference';
import { getOriginalOrderQueryOptions } from '../api/get-original-order';
import {
  emptyReturnForm,
  mayBeTakenReference,
  onFormLines,
  orderFinished,
  type ReturnFormOutput,
  repeatedUnits,
  returnFormSchema,
  shippedLines,
  type TakenReference,
  takenReference,
  toReturnInput,
  warehouseOnChoosing,
} from '../model/return-form';
import { ReturnLinesFieldset } from './return-lines-fieldset';

/** References match in any letter case, as the index and the operator match them. */
const sameReference = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

const isOrderField = (target: EventTarget) =>
  target instanceof HTMLInputElement && target.name === 'originalOrder';

/**
 * The RMA reference, offered as the next free one. A reference another return (or receive) already has is
 * said on the field in words, with a link to that record.
 */
function ReturnReferenceField({ suggested, taken }: { suggested?: string; taken: TakenReference | null }) {
  const { register } = useFormContext();
  const message = useFieldError('primaryReference');
  const shown = taken && message === taken.message ? taken : null;
  return (
    <TextInput
      inputWrapperOrder={inputWrapperOrder}
      label="RMA reference"
      withAsterisk
      autoComplete="off"
      description={
        suggested
          ? `${suggested} is the next free one; any other unique reference will do. It cannot be changed later.`
          : 'Unique; it cannot be changed later'
      }
      {...register('primaryReference')}
      error={
        shown ? (
          <>
            {shown.message}:{' '}
            <AnchorLink
              to={shown.kind === 'return' ? '/returns/$reference' : '/receives/$reference'}
              params={{ reference: shown.reference }}
              inherit
              c="inherit"
              underline="always"
            >
              open {shown.reference}
            </AnchorLink>
            , or use another reference.
          </>
        ) : (
          message
        )
      }
    />
  );
}

/**
 * Creates a return of an order the warehouse shipped: the order is looked up by its reference (leaving
 * the field, Find, or Create), its shipped lines offered to send back, each with a reason, and the return
 * goes to the order's warehouse unless the person chooses another. The RMA reference starts as
 * `suggestedReference`, the next free one. An unknown order, or a reference already taken, is an error on
 * its field; the form keeps what was typed.
 */
export function ReturnForm({
  warehouses,
  suggestedReference,
  onCreated,
  onCancel,
}: {
  warehouses: string[];
  /** The next free RMA number, when known; it may arrive after the form shows. */
  suggestedReference?: string;
  onCreated: (receive: Receive) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [order, setOrder] = useState<Order | null>(null);
  const [repeatedWarning, setRepeatedWarning] = useState<string[]>([]);
  const [confirmedRepeat, setConfirmedRepeat] = useState('');
  const [taken, setTaken] = useState<TakenReference | null>(null);
  const form = useZodForm(returnFormSchema, {
    defaultValues: emptyReturnForm(warehouses.length === 1 ? warehouses[0] : '', suggestedReference),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const create = useCreateReceive({ onSuccess: onCreated });

  // A suggestion that arrives after the form showed fills the field only while it is still empty.
  useEffect(() => {
    if (suggestedReference && form.getValues('primaryReference') === '')
      form.resetField('primaryReference', { defaultValue: suggestedReference });
  }, [suggestedReference, form]);

  /** The order of the field's reference, its lines in the form; null (and an error on the field) if none. */
  async function findOrder(): Promise<Order | null> {
    const reference = form.getValues('originalOrder').trim();
    if (reference === '') return null;
    if (order && sameReference(order.primaryReference, reference)) return order;
    const found = await queryClient.fetchQuery(getOriginalOrderQueryOptions(reference));
    // What other returns claim is read now, not from a cache: another return may have been made since.
    const otherReturns = found
      ? await queryClient.fetchQuery({ ...getOrderReturnsQueryOptions(found.primaryReference), staleTime: 0 })
      : [];
    // The same order found again (say, typed in other letter case) keeps the lines typed for it.
    if (!found || found.primaryReference !== order?.primaryReference)
      lines.replace(found ? shippedLines(found, otherReturns) : []);
    setOrder(found);
    if (!found) {
      form.setError(
        'originalOrder',
        { type: 'lookup', message: `No order has the reference “${reference}”` },
        { shouldFocus: true },
      );
    } else {
      form.clearErrors('originalOrder');
      // The index finds a reference in any letter case; the field shows it as the order has it.
      form.setValue('originalOrder', found.primaryReference);
      // Another order than before: its warehouse replaces the last one's, even one chosen by hand.
      form.setValue('warehouseCode', warehouseOnChoosing(order, found, form.getValues('warehouseCode')), {
        shouldValidate: form.formState.isSubmitted,
      });
    }
    return found;
  }

  /**
   * Reads the order's returns again, as another may have been made since the order was found: when they
   * claim other than the lines say, the lines take the new figures, the form checks them again and says why.
   */
  async function claimsUnchanged(found: Order, shown: ReturnFormOutput['lines']): Promise<boolean> {
    const returns = await queryClient.fetchQuery({
      ...getOrderReturnsQueryOptions(found.primaryReference),
      staleTime: 0,
    });
    const fresh = shippedLines(found, returns);
    const same = (line: (typeof fresh)[number], index: number) =>
      line.productCode === shown[index]?.productCode && line.allowance === shown[index]?.allowance;
    if (fresh.length === shown.length && fresh.every(same)) return true;
    // What was typed stays; the figures beside it are the new ones.
    const typed = form.getValues('lines');
    lines.replace(
      fresh.map((line) => {
        const before = typed.find((shownLine) => shownLine.productCode === line.productCode);
        return { ...line, quantity: before?.quantity ?? '', reason: before?.reason ?? '' };
      }),
    );
    await form.trigger('lines');
    setGeneralErrors([
      `Another return of ${found.primaryReference} was made meanwhile: the lines now count it. Check them and create the return again.`,
    ]);
    return false;
  }

  /**
   * A refused reference the index holds (or any 409) is said on the field, with a link to the record that
   * has it; true when it was. The form keeps everything typed.
   */
  async function sayTaken(reference: string, status: number): Promise<boolean> {
    const [existing] = await queryClient
      .fetchQuery({ ...getReceivesByReferenceQueryOptions(reference), staleTime: 0 })
      .catch(() => []);
    if (!existing && status !== 409) return false;
    const words = takenReference(reference, existing?.record ?? null);
    setTaken(words);
    form.setError('primaryReference', { type: 'server', message: words.message }, { shouldFocus: true });
    return true;
  }

  async function submit(values: ReturnFormOutput) {
    setGeneralErrors([]);
    // The lines shown belong to the order found; a reference changed since then is looked up first.
    if (!order || !sameReference(order.primaryReference, values.originalOrder)) {
      await findOrder();
      return;
    }
    if (!(await claimsUnchanged(order, values.lines))) return;
    // Units another return already announces may be sent back twice by mistake: asked once per set of lines.
    const repeated = repeatedUnits(values.lines);
    if (repeated.length > 0 && repeated.join('\n') !== confirmedRepeat) {
      setRepeatedWarning(repeated);
      setConfirmedRepeat(repeated.join('\n'));
      return;
    }
    setRepeatedWarning([]);
    try {
      await create.mutateAsync(toReturnInput(values, order));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (mayBeTakenReference(error) && (await sayTaken(values.primaryReference.trim(), error.status)))
        return;
      setGeneralErrors(
        showServerErrors(form, new ApiError(error.status, onFormLines(error.errors, values.lines))),
      );
    }
  }

  return (
    <Form form={form} onSubmit={submit} guardUnsavedChanges aria-label="New return">
      <Stack gap="lg">
        {generalErrors.length > 0 ? (
          <FormAlert title="The return was not created" messages={generalErrors} />
        ) : null}
        <Fieldset legend="Original order">
          {/* Leaving the field looks the order up, so its lines show before anything else is typed. */}
          <Group align="flex-start" wrap="wrap" onBlur={(event) => isOrderField(event.target) && findOrder()}>
            <TextField
              name="originalOrder"
              label="Original order reference"
              withAsterisk
              autoComplete="off"
              description="The order the customer is sending back"
              style={{ flex: '1 1 240px' }}
            />
            <Button variant="default" mt={{ base: 0, sm: 24 }} onClick={() => void findOrder()}>
              Find order
            </Button>
          </Group>
          {order ? (
            <Text size="sm" mt="xs">
              Shipped to{' '}
              {order.shipToAddress?.contact?.personName ||
                order.shipToAddress?.address?.organization ||
                'the customer'}
              , who sends the return.
            </Text>
          ) : null}
        </Fieldset>
        {order ? <ReturnLinesFieldset rows={lines.fields} orderFinished={orderFinished(order)} /> : null}
        <Fieldset legend="Return">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WarehouseField
              warehouses={warehouses}
              held={order?.warehouseCode}
              description={
                order?.warehouseCode
                  ? `${order.primaryReference} shipped from ${order.warehouseCode}`
                  : undefined
              }
            />
            <ReturnReferenceField suggested={suggestedReference} taken={taken} />
            <TextField
              name="transportReference"
              label="Return tracking"
              description="The parcel's tracking number, if known"
            />
            <TextField name="eta" type="date" label="ETA" />
          </SimpleGrid>
        </Fieldset>
        {repeatedWarning.length > 0 ? (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            title="Are these units coming back a second time?"
          >
            <Stack gap="xs">
              {repeatedWarning.map((words) => (
                <Text size="sm" key={words}>
                  {words}.
                </Text>
              ))}
              <Text size="sm">Create the return anyway only if these are other units.</Text>
            </Stack>
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {repeatedWarning.length > 0 ? 'Create the return anyway' : 'Create return'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
