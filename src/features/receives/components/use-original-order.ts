import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import type { SearchPage } from '@/contract/index-search';
import type { Order } from '@/contract/order';
import { getOrderReturnsQueryOptions } from '@/lib/get-order-returns';
import { matchToOpen, searchOneKindQueryOptions } from '@/lib/search-one-kind';
import { getOriginalOrderQueryOptions } from '../api/get-original-order';
import {
  type ReturnFormOutput,
  type ReturnFormValues,
  shippedLines,
  warehouseOnChoosing,
} from '../model/return-form';

/** References match in any letter case, as the index and the operator match them. */
export const sameReference = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Orders the search found for what was typed, when more than one could be meant: the person chooses. */
export type OrderChoices = { q: string; found: SearchPage };

/**
 * The order a return form sends back: found by what is in the form's field (its reference, else anything
 * the search finds: the web order number, the customer's email or name), its shipped lines put in the
 * form, and what other returns claim of them read again before the return is created.
 */
export function useOriginalOrder(
  form: UseFormReturn<ReturnFormValues, unknown, ReturnFormOutput>,
  lines: UseFieldArrayReturn<ReturnFormValues, 'lines'>,
) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);
  const [choices, setChoices] = useState<OrderChoices | null>(null);

  /**
   * The order of the reference typed, else the one order the search finds for it (a web order number typed
   * whole, an email of one customer's one order); else none, with the orders the search found when several
   * could be meant, for the person to choose.
   */
  async function lookUp(typed: string): Promise<{ found: Order | null; several: OrderChoices | null }> {
    const byReference = await queryClient.fetchQuery(getOriginalOrderQueryOptions(typed));
    if (byReference) return { found: byReference, several: null };
    const searched = await queryClient
      .fetchQuery(searchOneKindQueryOptions('order', typed))
      .catch(() => null);
    const only = searched && matchToOpen(searched, typed);
    if (only)
      return {
        found: await queryClient.fetchQuery(getOriginalOrderQueryOptions(only.primaryReference)),
        several: null,
      };
    return { found: null, several: searched?.matches.length ? { q: typed, found: searched } : null };
  }

  /** The order of what the field holds, its lines in the form; null (and an error on the field) if none. */
  async function findOrder(): Promise<Order | null> {
    const reference = form.getValues('originalOrder').trim();
    if (reference === '') return null;
    if (order && sameReference(order.primaryReference, reference)) return order;
    const { found, several } = await lookUp(reference);
    setChoices(several);
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
        {
          type: 'lookup',
          message: several
            ? `Several orders match “${reference}”: choose one below`
            : `No order matches “${reference}”: try its reference, web order number or the customer’s email`,
        },
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

  /** One of the orders offered: its reference in the field, found as if typed. */
  async function chooseOrder(reference: string): Promise<void> {
    form.setValue('originalOrder', reference);
    await findOrder();
  }

  return { order, findOrder, claimsUnchanged, choices, chooseOrder };
}
