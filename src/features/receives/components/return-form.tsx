import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { useZodForm } from '@/components/form/use-zod-form';
import type { Receive } from '@/contract/receive';
import { ApiError, isApiError } from '@/lib/api-error';
import { useCreateReceive } from '../api/create-receive';
import { getReceivesByReferenceQueryOptions } from '../api/get-receives-by-reference';
import {
  emptyReturnForm,
  mayBeTakenReference,
  onFormLines,
  orderFinished,
  type ReturnFormOutput,
  repeatedUnits,
  returnFormSchema,
  type TakenReference,
  takenReference,
  toReturnInput,
} from '../model/return-form';
import { OriginalOrderFieldset } from './original-order-fieldset';
import { RepeatedUnitsAlert } from './repeated-units-alert';
import { ReturnDetailsFieldset } from './return-details-fieldset';
import { ReturnLinesFieldset } from './return-lines-fieldset';
import { sameReference, useOriginalOrder } from './use-original-order';

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
  originalOrder = '',
  onCreated,
  onCancel,
}: {
  warehouses: string[];
  /** The order the return was started from ("Start a return" on its page): found, its lines offered. */
  originalOrder?: string;
  /** The next free RMA number, when known; it may arrive after the form shows. */
  suggestedReference?: string;
  onCreated: (receive: Receive) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [repeatedWarning, setRepeatedWarning] = useState<string[]>([]);
  const [confirmedRepeat, setConfirmedRepeat] = useState('');
  const [taken, setTaken] = useState<TakenReference | null>(null);
  const form = useZodForm(returnFormSchema, {
    defaultValues: {
      ...emptyReturnForm(warehouses.length === 1 ? warehouses[0] : '', suggestedReference),
      originalOrder,
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const create = useCreateReceive({ onSuccess: onCreated });
  const { order, findOrder, claimsUnchanged, choices, chooseOrder } = useOriginalOrder(form, lines);

  // Started from an order: it is found at once, and once its lines show the first quantity takes the focus.
  const startedFrom = useRef(originalOrder);
  const focusFirstLine = useRef(false);
  useEffect(() => {
    if (startedFrom.current === '') return;
    startedFrom.current = '';
    focusFirstLine.current = true;
    void findOrder();
  }, [findOrder]);
  useEffect(() => {
    if (!order || !focusFirstLine.current) return;
    focusFirstLine.current = false;
    form.setFocus('lines.0.quantity');
  }, [order, form]);

  // A suggestion that arrives after the form showed fills the field only while it is still empty.
  useEffect(() => {
    if (suggestedReference && form.getValues('primaryReference') === '')
      form.resetField('primaryReference', { defaultValue: suggestedReference });
  }, [suggestedReference, form]);

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
    // The lines shown belong to the order found; a reference changed since then is looked up first.
    if (!order || !sameReference(order.primaryReference, values.originalOrder)) {
      await findOrder();
      return;
    }
    if (!(await claimsUnchanged(order, values.lines))) {
      throw new Error(
        `Another return of ${order.primaryReference} was made meanwhile: the lines now count it. Check them and create the return again.`,
      );
    }
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
      throw new ApiError(error.status, onFormLines(error.errors, values.lines));
    }
  }

  return (
    <Form form={form} onSubmit={submit} guardUnsavedChanges aria-label="New return">
      <Stack gap="lg">
        <FormFailureAlert title="The return was not created" />
        <OriginalOrderFieldset order={order} onFind={findOrder} choices={choices} onChoose={chooseOrder} />
        {order ? <ReturnLinesFieldset rows={lines.fields} orderFinished={orderFinished(order)} /> : null}
        <ReturnDetailsFieldset
          warehouses={warehouses}
          order={order}
          suggestedReference={suggestedReference}
          taken={taken}
        />
        {repeatedWarning.length > 0 ? <RepeatedUnitsAlert repeated={repeatedWarning} /> : null}
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
