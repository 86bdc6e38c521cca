import { z } from 'zod';
import { addressBlockInputSchema, addressBlockSchema } from './address';
import { identifierSchema, idSchema, isoDateOrTimestampSchema, keyValueSchema } from './common';
import { limits } from './limits';
import {
  additionalReferencesSchema,
  documentLinesSchema,
  milestoneSchema,
  orderLineInputSchema,
  primaryReferenceSchema,
  sublineSchema,
  warehouseCodeSchema,
} from './order';

export const receiveStatuses = ['PRS', 'FIN', 'CAN'] as const;
export const RETURN_SUBTYPE = 'RET';

const { maxLength } = limits;

/** One line per serial number is normal, each with its pallet; two lines may share an external reference. */
export const receiveLineInputSchema = orderLineInputSchema.omit({ linePrice: true }).extend({
  palletId: identifierSchema(maxLength.reference).optional(),
});
export type ReceiveLineInput = z.infer<typeof receiveLineInputSchema>;

export const receiveInputSchema = z.object({
  warehouseCode: warehouseCodeSchema,
  primaryReference: primaryReferenceSchema,
  receiveLines: documentLinesSchema(receiveLineInputSchema),
  secondaryReference: identifierSchema(maxLength.reference).optional(),
  transportReference: identifierSchema(maxLength.reference).optional(),
  eta: isoDateOrTimestampSchema.optional(),
  shipFromAddress: addressBlockInputSchema.optional(),
  additionalReferences: additionalReferencesSchema.optional(),
  subtype: z.literal(RETURN_SUBTYPE, { error: 'Subtype is RET for a return, or absent' }).optional(),
});
export type ReceiveInput = z.infer<typeof receiveInputSchema>;

const receiveLineFields = {
  lineNumber: z.union([z.string(), z.number()]).optional(),
  externalLineReference: z.string().optional(),
  productCode: z.string(),
  quantity: z.number(),
  quantityUnit: z.string().optional(),
  lineAttributes: z.array(keyValueSchema).default([]),
  lineCustomAttributes: z.array(z.unknown()).default([]),
  partAttributes: z.array(keyValueSchema).default([]),
  palletId: z.string().optional(),
};

// Responses keep the members the contract does not name, at every level (see order.ts).

export const receiveLineSchema = z.looseObject(receiveLineFields);
export type ReceiveLine = z.infer<typeof receiveLineSchema>;

/** May lack externalLineReference: match it by lineNumber, then productCode. */
export const receiveShipmentLineSchema = z.looseObject({
  ...receiveLineFields,
  sublines: z.array(sublineSchema).default([]),
  /** Empty when the goods are not on hold. */
  holdCode: z.string().optional(),
});
export type ReceiveShipmentLine = z.infer<typeof receiveShipmentLineSchema>;

export const receiveShipmentSchema = z.looseObject({
  id: idSchema,
  /** The warehouse's docket number, the counterpart of wmsId on order shipments. */
  wmsDocketId: z.string().optional(),
  dateCreated: z.string().optional(),
  dateLastUpdated: z.string().optional(),
  warehouseCode: z.string().optional(),
  primaryReference: z.string().optional(),
  secondaryReference: z.string().optional(),
  status: z.string(),
  transportReference: z.string().optional(),
  eta: z.string().nullable().optional(),
  /** When the goods actually arrived, distinct from eta. */
  arrivalDate: z.string().nullable().optional(),
  totalQuantity: z.number().optional(),
  shipFromAddress: addressBlockSchema.optional(),
  receiveLines: z.array(receiveShipmentLineSchema).default([]),
  additionalReferences: z.array(keyValueSchema).default([]),
  milestones: z.array(milestoneSchema).default([]),
});
export type ReceiveShipment = z.infer<typeof receiveShipmentSchema>;

export const receiveSchema = z.looseObject({
  id: idSchema,
  dateCreated: z.string().optional(),
  dateLastUpdated: z.string().optional(),
  status: z.string(),
  warehouseCode: z.string().optional(),
  primaryReference: z.string(),
  secondaryReference: z.string().optional(),
  transportReference: z.string().optional(),
  eta: z.string().nullable().optional(),
  shipFromAddress: addressBlockSchema.optional(),
  additionalReferences: z.array(keyValueSchema).default([]),
  subtype: z.string().nullable().optional(),
  receiveLines: z.array(receiveLineSchema).default([]),
  shipments: z.array(receiveShipmentSchema).default([]),
});
export type Receive = z.infer<typeof receiveSchema>;

export const receiveListSchema = z.looseObject({
  receives: z.array(receiveSchema),
  nextCursor: z.string().nullable().optional(),
});

/**
 * Who sends a receive's goods, as lists and search name them. A supplier is the company it ships from (the
 * contact is a desk there, such as "Logistics"), else the person named; a return's sender is the customer,
 * named as an order names its customer: the person, else the company.
 */
export function senderOf(receive: Pick<Receive, 'subtype' | 'shipFromAddress'>): string {
  const person = receive.shipFromAddress?.contact?.personName;
  const company = receive.shipFromAddress?.address?.organization;
  return (receive.subtype === RETURN_SUBTYPE ? person || company : company || person) || '';
}
