import { z } from 'zod';
import {
  boundedListSchema,
  boundedTextSchema,
  decimalStringSchema,
  identifierSchema,
  isoDateOrTimestampSchema,
  partAttributesSchema,
} from './common';
import { limits } from './limits';

/**
 * Request bodies of the sandbox's operator actions (`/sandbox/v1`): what a warehouse does to orders and
 * receives. They are not part of the operator's interface. Every body is optional: an empty body or `{}`
 * takes the defaults described on each schema.
 */

const { maxLength, maxItems } = limits;

const reasonSchema = boundedTextSchema(maxLength.description).trim().optional();

/** hold and cancel: an optional reason, shown in the milestone's description. */
export const reasonActionSchema = z.object({ reason: reasonSchema });
export type ReasonAction = z.infer<typeof reasonActionSchema>;

const referenceSchema = identifierSchema(maxLength.reference);

/** A line is named by its lineNumber or, when the product is on one line only, by its productCode. */
const lineSelectorFields = {
  lineNumber: z.union([referenceSchema, z.number()]).transform(String).optional(),
  productCode: identifierSchema(maxLength.productCode).optional(),
};

const actionSublineSchema = z.object({
  quantity: z.number({ error: 'Enter a quantity' }).positive('A subline quantity must be more than 0'),
  partAttributes: partAttributesSchema.default([]),
});

/** Part attributes per unit or batch, for example serial numbers; they must add up to the line's quantity. */
const actionSublinesSchema = boundedListSchema(actionSublineSchema, maxItems.sublines, 'sublines');

export const shippedLineSchema = z.object({
  ...lineSelectorFields,
  quantity: z.number({ error: 'Enter the quantity that left' }).nonnegative('A quantity cannot be negative'),
  sublines: actionSublinesSchema.optional(),
  palletId: referenceSchema.optional(),
});
export type ShippedLine = z.infer<typeof shippedLineSchema>;

export const actionPackedLineSchema = z.object({
  quantity: z.number().positive('A packed quantity must be more than 0'),
  orderLineReference: referenceSchema.optional(),
  orderSubLineReference: referenceSchema.optional(),
  productCode: identifierSchema(maxLength.productCode).optional(),
});

const codeSchema = identifierSchema(maxLength.code);

export const actionPackageSchema = z.object({
  packageReference: referenceSchema.optional(),
  packageType: codeSchema.default('BOX'),
  weight: z.number().nonnegative().optional(),
  weightUnit: codeSchema.default('LB'),
  length: z.number().nonnegative().optional(),
  width: z.number().nonnegative().optional(),
  height: z.number().nonnegative().optional(),
  dimUnit: codeSchema.default('M'),
  packedLines: boundedListSchema(actionPackedLineSchema, maxItems.packedLines, 'packed lines').optional(),
});
export type ActionPackage = z.infer<typeof actionPackageSchema>;

/** Lines named in an action: at most as many as a document has, and at least one when sent at all. */
function actionLinesSchema<T extends z.ZodType>(line: T, whenEmpty: string) {
  return boundedListSchema(line, maxItems.lines, 'lines').min(1, whenEmpty).optional();
}

/**
 * ship: what actually left. Defaults: every planned quantity of the shipment, in one BOX package, with
 * tracking from the order (rate group → a carrier of that group; else its transport detail), shipped now.
 * Lines left out of shipmentLines did not ship (a short shipment); a larger quantity is an over-shipment.
 */
export const shipActionSchema = z.object({
  shipmentLines: boundedListSchema(shippedLineSchema, maxItems.lines, 'lines').optional(),
  packages: boundedListSchema(actionPackageSchema, maxItems.packages, 'packages')
    .min(1, 'Send at least one package, or leave packages out')
    .optional(),
  trackingDetail: z
    .object({
      carrierCode: codeSchema.optional(),
      carrierName: boundedTextSchema(maxLength.name).optional(),
      serviceLevelCode: codeSchema.optional(),
      trackingNumber: referenceSchema.optional(),
    })
    .optional(),
  actualShipDate: isoDateOrTimestampSchema.optional(),
  totalCost: z
    .union([decimalStringSchema, z.number().nonnegative()])
    .transform((cost) => (typeof cost === 'number' ? cost.toFixed(2) : cost))
    .optional(),
  totalCostUnit: codeSchema.optional(),
});
export type ShipAction = z.infer<typeof shipActionSchema>;

/**
 * split: the operator "arranges otherwise" and moves part of an open shipment into a second shipment.
 * Default: the later half of the lines, or half the quantity of a single line.
 */
export const splitActionSchema = z.object({
  shipmentId: referenceSchema.optional(),
  lines: actionLinesSchema(
    z.object({
      ...lineSelectorFields,
      quantity: z.number({ error: 'Enter the quantity to move' }).positive('Move more than 0'),
    }),
    'Name at least one line to move, or leave lines out',
  ),
});
export type SplitAction = z.infer<typeof splitActionSchema>;

export const receivedLineSchema = z.object({
  ...lineSelectorFields,
  quantity: z
    .number({ error: 'Enter the quantity received' })
    .positive('A received quantity must be more than 0'),
  /** Serial numbers, lots and expiry dates of what arrived; they must add up to quantity. */
  sublines: actionSublinesSchema.optional(),
});
export type ReceivedLine = z.infer<typeof receivedLineSchema>;

/**
 * receive: record goods that arrived, added to what was received before. Default: everything announced
 * and not yet received. Over-receipts are allowed.
 */
export const receiveActionSchema = z.object({
  receiveLines: actionLinesSchema(receivedLineSchema, 'Name at least one line, or leave receiveLines out'),
});
export type ReceiveAction = z.infer<typeof receiveActionSchema>;

export const orderShipmentActions = ['pick', 'hold', 'release', 'cancel', 'ship'] as const;
export type OrderShipmentAction = (typeof orderShipmentActions)[number];
export const receiveShipmentActions = ['receive', 'finalize', 'cancel'] as const;
export type ReceiveShipmentAction = (typeof receiveShipmentActions)[number];

/**
 * The sandbox's shipment life cycle (decisions.md): the statuses each action starts from and where it
 * leads. `restore` is where the shipment was before its hold (ENT or PIC). The sandbox enforces it; a
 * dashboard can offer only the actions that apply.
 */
export const orderShipmentMoves = {
  pick: { from: ['ENT'], to: 'PIC' },
  hold: { from: ['ENT', 'PIC'], to: 'HEL' },
  release: { from: ['HEL'], to: 'restore' },
  cancel: { from: ['ENT', 'PIC', 'HEL'], to: 'CAN' },
  ship: { from: ['PIC'], to: 'FIN' },
} as const satisfies Record<OrderShipmentAction, { from: readonly string[]; to: string }>;

export const receiveShipmentMoves = {
  receive: { from: ['PRS'], to: 'PRS' },
  finalize: { from: ['PRS'], to: 'FIN' },
  cancel: { from: ['PRS'], to: 'CAN' },
} as const satisfies Record<ReceiveShipmentAction, { from: readonly string[]; to: string }>;

export function orderShipmentActionsFrom(status: string): OrderShipmentAction[] {
  return orderShipmentActions.filter((action) =>
    (orderShipmentMoves[action].from as readonly string[]).includes(status),
  );
}

export function receiveShipmentActionsFrom(status: string): ReceiveShipmentAction[] {
  return receiveShipmentActions.filter((action) =>
    (receiveShipmentMoves[action].from as readonly string[]).includes(status),
  );
}
