import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import type { Order } from '@/contract/order';
import { getOrderReturnsQueryOptions } from '@/lib/get-order-returns';
import { getOriginalOrderQueryOptions } from '../api/get-original-order';
import {
  type ReturnFormOutput,
  type ReturnFormValues,
  shippedLines,
  warehouseOnChoosing,
} from '../model/return-form';

/** References match in any letter case, as the index and the operator match them. */
export const sameReference = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The order a return form sends back: found by the reference in the form's field, its shipped lines put
 * in the form, and what other returns claim of them read again before the return is created.
 */
export function useOriginalOrder(
  form: UseFormReturn<ReturnFormValues, unknown, ReturnFormOutput>,
  lines: UseFieldArrayReturn<ReturnFormValues, 'lines'>,
) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);

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
   * claim other than the lines say, the lines take the new figures and the form checks them again, and
   * the answer is false for the caller to say why.
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
    return false;
  }

  return { order, findOrder, claimsUnchanged };
}
