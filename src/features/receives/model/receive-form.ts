import { z } from 'zod';
import {
  type AddressFieldsetValues,
  addressFieldsetSchema,
  blankAddressFieldset,
} from '@/components/form/address-fieldset-values';
import { blankDocumentLine, documentLineFieldsSchema } from '@/components/form/document-line-values';
import { addressBlockInputSchema } from '@/contract/address';
import { dayAsOperatorTimestamp, isoDateOrTimestampSchema } from '@/contract/common';
import { documentLinesSchema } from '@/contract/order';
import { type ReceiveInput, receiveInputSchema } from '@/contract/receive';

/**
 * The create form's values mirror the request body (same names and nesting), so an error the service
 * reports at `/receiveLines/0/productCode` lands on the field of that name. Optional text is '' when
 * empty. The form's rules are the contract's: required members, line rules and, when given, the
 * address rules.
 */
export const receiveFormSchema = z
  .object({
    warehouseCode: receiveInputSchema.shape.warehouseCode,
    primaryReference: receiveInputSchema.shape.primaryReference,
    secondaryReference: receiveInputSchema.shape.secondaryReference,
    transportReference: receiveInputSchema.shape.transportReference,
    eta: z.union([z.literal(''), isoDateOrTimestampSchema], {
      error: 'Use a date, for example 2026-11-22',
    }),
    shipFromAddress: addressFieldsetSchema,
    receiveLines: documentLinesSchema(documentLineFieldsSchema),
  })
  .superRefine((values, ctx) => {
    if (!hasShipFrom(values.shipFromAddress)) return;
    // Blank members stay in: the contract's own messages then name what is missing.
    const parsed = addressBlockInputSchema.safeParse(values.shipFromAddress);
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['shipFromAddress', ...issue.path], message: issue.message });
    }
  });

export type ReceiveFormValues = z.input<typeof receiveFormSchema>;

export function emptyReceiveForm(warehouseCode = ''): ReceiveFormValues {
  return {
    warehouseCode,
    primaryReference: '',
    secondaryReference: '',
    transportReference: '',
    eta: '',
    shipFromAddress: blankAddressFieldset(),
    receiveLines: [blankDocumentLine()],
  };
}

function hasShipFrom(values: AddressFieldsetValues): boolean {
  return [...Object.values(values.address), ...Object.values(values.contact)].some(
    (value) => value.trim() !== '',
  );
}

/** Drops empty strings so optional members are left out of the request rather than sent blank. */
function withoutBlanks<T extends Record<string, string>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value.trim() !== '')) as Partial<T>;
}

/** The request body for the form's values (returns have their own form, model/return-form.ts). */
export function toReceiveInput(values: ReceiveFormValues): ReceiveInput {
  const shipFrom = values.shipFromAddress;
  const contact = withoutBlanks(shipFrom.contact);
  return receiveInputSchema.parse({
    warehouseCode: values.warehouseCode.trim(),
    primaryReference: values.primaryReference.trim(),
    secondaryReference: values.secondaryReference?.trim() || undefined,
    transportReference: values.transportReference?.trim() || undefined,
    eta: values.eta ? dayAsOperatorTimestamp(values.eta) : undefined,
    shipFromAddress: hasShipFrom(shipFrom)
      ? {
          address: withoutBlanks(shipFrom.address),
          contact: Object.keys(contact).length > 0 ? contact : undefined,
        }
      : undefined,
    receiveLines: values.receiveLines.map((line) => ({
      productCode: line.productCode.trim(),
      quantity: line.quantity,
      quantityUnit: line.quantityUnit.trim(),
      externalLineReference: line.externalLineReference?.trim() || undefined,
    })),
  });
}
