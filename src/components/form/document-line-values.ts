import { z } from 'zod';
import { orderLineInputSchema, quantityUnitSchema } from '@/contract/order';
import { numberInputSchema } from './number-input-schema';

/**
 * What a line row of the order and receive forms holds (receive lines are order lines without a price),
 * read with the contract's line rules.
 */
export const documentLineFieldsSchema = z.object({
  productCode: orderLineInputSchema.shape.productCode,
  quantity: numberInputSchema(orderLineInputSchema.shape.quantity),
  quantityUnit: quantityUnitSchema.min(1, 'Enter a unit'),
  externalLineReference: orderLineInputSchema.shape.externalLineReference,
});
export type DocumentLineFieldValues = z.input<typeof documentLineFieldsSchema>;

/** A line as added: one unit of a product still to be chosen. */
export function blankDocumentLine(): DocumentLineFieldValues {
  return { productCode: '', quantity: 1, quantityUnit: 'UNT', externalLineReference: '' };
}
