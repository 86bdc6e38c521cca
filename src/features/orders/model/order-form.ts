import { z } from 'zod';
import { blankAddressFieldset } from '@/components/form/address-fieldset-values';
import { blankDocumentLine, documentLineFieldsSchema } from '@/components/form/document-line-values';
import {
  additionalReferenceSchema,
  boundedListSchema,
  dayAsOperatorTimestamp,
  isoDateOrTimestampSchema,
} from '@/contract/common';
import { limits } from '@/contract/limits';
import {
  documentLinesSchema,
  type Order,
  type OrderInput,
  orderFieldsSchema,
  orderInputSchema,
  orderLineInputSchema,
  orderSchema,
  transportDetailSchema,
} from '@/contract/order';
import { withUnknownMembers } from '@/contract/unknown-members';

/** How the carrier is chosen: the interface takes a rate group or an explicit carrier, never both. */
export const carrierChoices = [
  { value: 'rateGroup', label: 'Rate group' },
  { value: 'transportDetail', label: 'Carrier and service' },
  { value: 'warehouse', label: 'Warehouse decides' },
] as const;
export type CarrierChoice = (typeof carrierChoices)[number]['value'];

/**
 * The create and correct form: the contract's order fields, with the inputs a form holds (empty strings
 * for blanks, one carrier choice instead of two exclusive members). `toOrderInput` turns it back into
 * the contract's order body.
 */
export const orderFormSchema = orderFieldsSchema
  .extend({
    requiredShipDate: z.union([z.literal(''), isoDateOrTimestampSchema]),
    orderLines: documentLinesSchema(orderLineInputSchema.extend(documentLineFieldsSchema.shape)),
    additionalReferences: boundedListSchema(
      additionalReferenceSchema.extend({
        key: additionalReferenceSchema.shape.key.min(1, 'Name the reference'),
        value: additionalReferenceSchema.shape.value.min(1, 'Enter the reference value'),
      }),
      limits.maxItems.additionalReferences,
      'additional references',
    ),
    carrierChoice: z.enum(
      carrierChoices.map((choice) => choice.value) as [CarrierChoice, ...CarrierChoice[]],
    ),
    rateGroup: z.string(),
    transportDetail: z.object({ carrierCode: z.string(), serviceLevelCode: z.string() }),
    // The select offers only the interface's list, plus a value the order already holds that the list
    // lacks (the operator may use more): that one travels back as it is and the warehouse judges it.
    forwardingData: z.object({ incoTerm: z.string() }),
  })
  .superRefine((form, ctx) => {
    if (form.carrierChoice === 'rateGroup' && !form.rateGroup) {
      ctx.addIssue({ code: 'custom', path: ['rateGroup'], message: 'Choose a rate group' });
    }
    if (form.carrierChoice === 'transportDetail') {
      const transport = transportDetailSchema.safeParse(form.transportDetail);
      for (const issue of transport.success ? [] : transport.error.issues) {
        ctx.addIssue({
          code: 'custom',
          path: ['transportDetail', ...issue.path.map(String)],
          message: issue.message,
        });
      }
    }
  });

export type OrderFormValues = z.input<typeof orderFormSchema>;
export type OrderFormOutput = z.output<typeof orderFormSchema>;

export function emptyOrderForm(warehouseCode = ''): OrderFormValues {
  const blank = blankAddressFieldset();
  return {
    warehouseCode,
    primaryReference: '',
    secondaryReference: '',
    // The fax has no input; a correction carries the order's own.
    shipToAddress: { ...blank, contact: { ...blank.contact, faxNumber: '' } },
    requiredShipDate: '',
    orderLines: [blankDocumentLine()],
    additionalReferences: [],
    note: '',
    carrierChoice: 'warehouse',
    rateGroup: '',
    transportDetail: { carrierCode: '', serviceLevelCode: '' },
    forwardingData: { incoTerm: '' },
  };
}

/** A date-only input shows the day of a full timestamp; a plain date passes through. */
function dateInputValue(value: string | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

/** The current order as form values, so a correction starts from what the warehouse holds. */
export function orderToFormValues(order: Order): OrderFormValues {
  const empty = emptyOrderForm(order.warehouseCode ?? '');
  const address = order.shipToAddress?.address ?? {};
  const contact = order.shipToAddress?.contact ?? {};
  const transport = order.transportDetail;
  return {
    ...empty,
    primaryReference: order.primaryReference,
    secondaryReference: order.secondaryReference ?? '',
    shipToAddress: {
      address: {
        organization: address.organization ?? '',
        addressLine1: address.addressLine1 ?? '',
        addressLine2: address.addressLine2 ?? '',
        country: address.country ?? '',
        state: address.state ?? '',
        city: address.city ?? '',
        postalCode: address.postalCode ?? '',
      },
      contact: {
        personName: contact.personName ?? '',
        phoneNumber: contact.phoneNumber ?? '',
        mobileNumber: contact.mobileNumber ?? '',
        faxNumber: contact.faxNumber ?? '',
        emailAddress: contact.emailAddress ?? '',
      },
    },
    requiredShipDate: dateInputValue(order.requiredShipDate),
    orderLines: order.orderLines.map((line) => ({
      productCode: line.productCode,
      quantity: line.quantity,
      quantityUnit: line.quantityUnit ?? 'UNT',
      externalLineReference: line.externalLineReference ?? '',
      // Not edited on the form, but a correction replaces the whole order, so they travel along.
      ...(line.linePrice === undefined ? {} : { linePrice: line.linePrice }),
      ...(line.partAttributes.length > 0 ? { partAttributes: line.partAttributes } : {}),
    })),
    additionalReferences: order.additionalReferences,
    note: order.note ?? '',
    carrierChoice: order.rateGroup ? 'rateGroup' : transport?.carrierCode ? 'transportDetail' : 'warehouse',
    rateGroup: order.rateGroup ?? '',
    transportDetail: {
      carrierCode: transport?.carrierCode ?? '',
      serviceLevelCode: transport?.serviceLevelCode ?? '',
    },
    forwardingData: { incoTerm: order.forwardingData?.incoTerm ?? '' },
  };
}

function withoutBlanks<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<T>;
}

/**
 * Members of the original order the form does not show (or shows cut short), kept so a correction does not
 * drop them.
 */
type CarriedOver = Pick<
  Order,
  | 'priority'
  | 'packingRequired'
  | 'excludeFromTotePicking'
  | 'jobCosting'
  | 'tags'
  | 'additionalNotes'
  | 'requiredShipDate'
>;

/**
 * The order body as sent: the contract's, except that an Incoterm outside our list may travel back as the
 * order holds it.
 */
export type OrderBody = Omit<OrderInput, 'forwardingData'> & { forwardingData?: { incoTerm: string } };

/** The order body the interface takes: only the chosen carrier member, no blank optional members. */
export function toOrderInput(form: OrderFormOutput, original?: CarriedOver | Order): OrderBody {
  // The date input holds only the day: an unchanged day sends the order's own value back, time and offset
  // included. A day goes out as the full timestamp the operator documents.
  const keptDate =
    original?.requiredShipDate && form.requiredShipDate === dateInputValue(original.requiredShipDate)
      ? original.requiredShipDate
      : form.requiredShipDate;
  const requiredShipDate = keptDate && dayAsOperatorTimestamp(keptDate);
  const contact = withoutBlanks(form.shipToAddress.contact ?? {});
  const body = {
    ...(original
      ? withoutBlanks({
          priority: original.priority,
          packingRequired: original.packingRequired,
          excludeFromTotePicking: original.excludeFromTotePicking,
          jobCosting: original.jobCosting ?? undefined,
          tags: original.tags.length > 0 ? original.tags : undefined,
          additionalNotes: original.additionalNotes.length > 0 ? original.additionalNotes : undefined,
        })
      : {}),
    warehouseCode: form.warehouseCode,
    primaryReference: form.primaryReference,
    ...withoutBlanks({
      secondaryReference: form.secondaryReference,
      note: form.note,
      requiredShipDate,
    }),
    shipToAddress: {
      address: {
        ...withoutBlanks(form.shipToAddress.address),
        ...{
          addressLine1: form.shipToAddress.address.addressLine1,
          country: form.shipToAddress.address.country.toUpperCase(),
        },
      },
      ...(Object.keys(contact).length > 0 ? { contact } : {}),
    },
    orderLines: form.orderLines.map((line) => ({
      ...withoutBlanks(line),
      productCode: line.productCode,
      quantity: line.quantity,
    })),
    additionalReferences: form.additionalReferences,
    transportDetail: form.carrierChoice === 'transportDetail' ? form.transportDetail : null,
    ...(form.carrierChoice === 'rateGroup' ? { rateGroup: form.rateGroup } : {}),
  };
  // Checked without the Incoterm: an unknown one kept from the order is for the warehouse to judge.
  const checked = orderInputSchema.parse(body);
  const incoTerm = form.forwardingData.incoTerm;
  const sent = incoTerm ? { ...checked, forwardingData: { incoTerm } } : checked;
  // What the operator added to the order, which the contract does not name, travels back unchanged.
  return withUnknownMembers(sent, original, orderSchema);
}
