import { z } from 'zod';
import { addressBlockInputSchema, addressBlockSchema } from './address';
import {
  additionalReferenceSchema,
  boundedListSchema,
  boundedTextSchema,
  decimalStringSchema,
  identifierSchema,
  idSchema,
  isoDateOrTimestampSchema,
  keyValueSchema,
  partAttributesSchema,
  writtenOutAtMost,
} from './common';
import { incotermCodes } from './incoterms';
import { limits } from './limits';

export const orderStatuses = ['PRS', 'FIN', 'CAN'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/**
 * The shipment statuses the operator documents; its list goes on, so answers carry any code (a status is
 * a string) and every display needs a default for one it does not know.
 */
export const orderShipmentStatuses = ['ENT', 'PIC', 'HEL', 'FIN', 'CAN'] as const;
export type OrderShipmentStatus = (typeof orderShipmentStatuses)[number];
/** An order may be corrected only while every shipment is in one of these. */
export const editableShipmentStatuses: readonly string[] = ['ENT', 'HEL'];

const { maxLength, maxItems } = limits;

export const transportDetailSchema = z.object({
  carrierCode: identifierSchema(maxLength.code).min(1, 'Enter the carrier code'),
  serviceLevelCode: identifierSchema(maxLength.code).min(1, 'Enter the service level code'),
});
export type TransportDetail = z.infer<typeof transportDetailSchema>;

export const quantityUnitSchema = identifierSchema(maxLength.code);

export const orderLineInputSchema = z.object({
  externalLineReference: identifierSchema(maxLength.reference).optional(),
  // The product must exist, so the interface's limit on product codes holds here too.
  productCode: identifierSchema(maxLength.productCode).min(1, 'Choose a product'),
  quantity: z.number({ error: 'Enter a quantity' }).positive('Quantity must be more than 0'),
  quantityUnit: quantityUnitSchema.min(1).default('UNT'),
  // The operator prints prices as strings ("39.99"); a read line's price travels back as it came.
  linePrice: z.union([decimalStringSchema, z.number().nonnegative()]).optional(),
  partAttributes: partAttributesSchema.optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** The lines of an order or receive: at least one, at most the limit. */
export function documentLinesSchema<T extends z.ZodType>(line: T) {
  return boundedListSchema(line, maxItems.lines, 'lines').min(1, 'Add at least one line');
}

/** primaryReference of orders and receives: unique and immutable, what people look documents up by. */
export const primaryReferenceSchema = identifierSchema(maxLength.reference).min(1, 'Enter the reference');
export const warehouseCodeSchema = identifierSchema(maxLength.code).min(1, 'Choose a warehouse');
export const additionalReferencesSchema = boundedListSchema(
  additionalReferenceSchema,
  maxItems.additionalReferences,
  'additional references',
);

/** Order members as sent on create and update, before the cross-field rules. */
export const orderFieldsSchema = z.object({
  warehouseCode: warehouseCodeSchema,
  primaryReference: primaryReferenceSchema,
  secondaryReference: identifierSchema(maxLength.reference).optional(),
  shipToAddress: addressBlockInputSchema,
  requiredShipDate: isoDateOrTimestampSchema.optional(),
  orderLines: documentLinesSchema(orderLineInputSchema),
  additionalReferences: additionalReferencesSchema.optional(),
  note: boundedTextSchema(maxLength.note).optional(),
  transportDetail: transportDetailSchema.nullable().optional(),
  rateGroup: identifierSchema(maxLength.code).optional(),
  forwardingData: z
    .object({ incoTerm: z.enum(incotermCodes, { error: 'Choose an Incoterm from the list' }) })
    .optional(),
  jobCosting: writtenOutAtMost(
    z.object({ branch: boundedTextSchema(maxLength.name).optional() }).loose(),
    maxLength.note,
  ).optional(),
  packingRequired: z.boolean().optional(),
  excludeFromTotePicking: z.boolean().optional(),
  priority: z.number().int().optional(),
  tags: boundedListSchema(writtenOutAtMost(z.unknown(), maxLength.tag), maxItems.tags, 'tags').optional(),
  additionalNotes: boundedListSchema(
    writtenOutAtMost(z.unknown(), maxLength.note),
    maxItems.additionalNotes,
    'additional notes',
  ).optional(),
});

/** Rate shopping and an explicit carrier exclude each other. */
function bothCarrierChoices(order: unknown): boolean {
  if (typeof order !== 'object' || order === null) return false;
  const { rateGroup, transportDetail } = order as { rateGroup?: unknown; transportDetail?: unknown };
  return Boolean(rateGroup) && Boolean(transportDetail);
}

export const orderInputSchema = orderFieldsSchema.superRefine(
  (_order, ctx) => {
    ctx.addIssue({
      code: 'custom',
      path: ['transportDetail'],
      message: 'Choose a carrier either by rate group or by transport detail, not both',
    });
  },
  // Decided on the raw value: zod would skip the refinement once another member has failed, and this
  // conflict is to be reported alongside the rest.
  { when: (payload) => bothCarrierChoices(payload.value) },
);
export type OrderInput = z.infer<typeof orderInputSchema>;

// Responses: every object keeps the members the contract does not name (z.looseObject), so nothing the
// operator adds is lost on the way to the screen or back in an update built from a read.

export const milestoneSchema = z.looseObject({
  code: z.string(),
  description: z.string().optional(),
  sequence: z.union([z.string(), z.number()]).optional(),
  actualDate: z.string().optional(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const packedLineSchema = z.looseObject({
  quantity: z.number(),
  orderLineReference: z.string().optional(),
  orderSubLineReference: z.string().optional(),
  productCode: z.string().optional(),
});

export const packageSchema = z.looseObject({
  packageReference: z.string().optional(),
  weight: z.number().optional(),
  length: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  weightUnit: z.string().optional(),
  dimUnit: z.string().optional(),
  packageType: z.string().optional(),
  packedLines: z.array(packedLineSchema).default([]),
});
export type Package = z.infer<typeof packageSchema>;

export const sublineSchema = z.looseObject({
  quantity: z.number(),
  partAttributes: z.array(keyValueSchema).default([]),
});
export type Subline = z.infer<typeof sublineSchema>;

const lineResponseFields = {
  lineNumber: z.union([z.string(), z.number()]).optional(),
  externalLineReference: z.string().optional(),
  productCode: z.string(),
  quantity: z.number(),
  quantityUnit: z.string().optional(),
  linePrice: z.union([z.string(), z.number()]).optional(),
  lineAttributes: z.array(keyValueSchema).default([]),
  lineCustomAttributes: z.array(z.unknown()).default([]),
  partAttributes: z.array(keyValueSchema).default([]),
};

export const orderLineSchema = z.looseObject(lineResponseFields);
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shipmentLineSchema = z.looseObject({
  ...lineResponseFields,
  sublines: z.array(sublineSchema).default([]),
  palletId: z.string().optional(),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const trackingDetailSchema = z.looseObject({
  carrierCode: z.string().optional(),
  carrierName: z.string().optional(),
  serviceLevelCode: z.string().optional(),
  trackingNumber: z.string().optional(),
});
export type TrackingDetail = z.infer<typeof trackingDetailSchema>;

const sharedOrderResponseFields = {
  warehouseCode: z.string().optional(),
  primaryReference: z.string().optional(),
  secondaryReference: z.string().optional(),
  shipToAddress: addressBlockSchema.optional(),
  requiredShipDate: z.string().optional(),
  additionalReferences: z.array(keyValueSchema).default([]),
  // `{}` when unset.
  transportDetail: z
    .looseObject({ carrierCode: z.string().optional(), serviceLevelCode: z.string().optional() })
    .nullable()
    .optional(),
  forwardingData: z.looseObject({ incoTerm: z.string().optional() }).nullable().optional(),
  packingRequired: z.boolean().optional(),
  excludeFromTotePicking: z.boolean().optional(),
  priority: z.number().optional(),
  // `{}` when unset.
  jobCosting: z.looseObject({ branch: z.string().optional() }).nullable().optional(),
};

export const orderShipmentSchema = z.looseObject({
  ...sharedOrderResponseFields,
  id: idSchema,
  wmsId: z.string().optional(),
  status: z.string(),
  dateCreated: z.string().optional(),
  dateLastUpdated: z.string().optional(),
  actualShipDate: z.string().nullable().optional(),
  trackingDetail: trackingDetailSchema.nullable().optional(),
  totalCost: z.union([z.string(), z.number()]).optional(),
  totalCostUnit: z.string().optional(),
  serviceLevel: z.string().optional(),
  packages: z.array(packageSchema).default([]),
  shipmentLines: z.array(shipmentLineSchema).default([]),
  milestones: z.array(milestoneSchema).default([]),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const orderSchema = z.looseObject({
  ...sharedOrderResponseFields,
  id: idSchema,
  primaryReference: z.string(),
  dateCreated: z.string().optional(),
  dateLastUpdated: z.string().optional(),
  status: z.string(),
  orderLines: z.array(orderLineSchema).default([]),
  note: z.string().optional(),
  rateGroup: z.string().nullable().optional(),
  tags: z.array(z.unknown()).default([]),
  additionalNotes: z.array(z.unknown()).default([]),
  shipments: z.array(orderShipmentSchema).default([]),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.looseObject({
  orders: z.array(orderSchema),
  nextCursor: z.string().nullable().optional(),
});
export type OrderList = z.infer<typeof orderListSchema>;
