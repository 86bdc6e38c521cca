import { z } from 'zod';
import { boundedListSchema } from '../../../contract/common';
import { limits } from '../../../contract/limits';
import type { Product } from '../../../contract/product';
import {
  customFieldSchema,
  productCreateSchema,
  productEditableFieldsSchema,
} from '../../../contract/product';
import { type AttributePacket, productAttributeProblems } from '../../../contract/product-rules';

/** What the inputs hold: numbers stay `number | ''` (Mantine's empty value) so nothing becomes 0. */
export type ProductFormValues = {
  productCode: string;
  productDescription: string;
  productUnit: string;
  unitPrice: string;
  unitPriceCurrency: string;
  dimHeight: number | string;
  dimWidth: number | string;
  dimDepth: number | string;
  dimUnit: string;
  weightPerProduct: number | string;
  weightPerProductUnit: string;
  clientProductCode: string;
  clientProductDescription: string;
  clientProductUnit: string;
  pickMode: 'ASP' | 'ANE';
  productAttributes: {
    key: string;
    requiredForWarehouseRelease: boolean;
    requiredForRfConfirmation: boolean;
  }[];
  customFields: { key: string; value: string }[];
};

export type ProductEditValues = Omit<ProductFormValues, 'productCode' | 'productAttributes' | 'customFields'>;

export const numberFieldNames = ['dimHeight', 'dimWidth', 'dimDepth', 'weightPerProduct'] as const;

/** An empty input means "not given"; a number string is read as a number; anything else fails the schema. */
export function toOptionalNumber(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function emptyToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

export function emptyProductFormValues(): ProductFormValues {
  return {
    productCode: '',
    productDescription: '',
    productUnit: 'UNT',
    unitPrice: '',
    unitPriceCurrency: 'USD',
    dimHeight: '',
    dimWidth: '',
    dimDepth: '',
    dimUnit: 'IN',
    weightPerProduct: '',
    weightPerProductUnit: 'LB',
    clientProductCode: '',
    clientProductDescription: '',
    clientProductUnit: '',
    pickMode: 'ASP',
    productAttributes: [],
    customFields: [],
  };
}

const shape = productCreateSchema.shape;

/**
 * The contract's create schema read from form inputs, plus the attribute rules of the operator's
 * packet, each reported on the field it concerns so the form can show it before anything is sent.
 */
export function productCreateFormSchema(packet: AttributePacket) {
  return productCreateSchema
    .extend({
      unitPrice: z.preprocess(emptyToUndefined, shape.unitPrice),
      unitPriceCurrency: z.preprocess(emptyToUndefined, shape.unitPriceCurrency),
      dimHeight: z.preprocess(toOptionalNumber, shape.dimHeight),
      dimWidth: z.preprocess(toOptionalNumber, shape.dimWidth),
      dimDepth: z.preprocess(toOptionalNumber, shape.dimDepth),
      dimUnit: z.preprocess(emptyToUndefined, shape.dimUnit),
      weightPerProduct: z.preprocess(toOptionalNumber, shape.weightPerProduct),
      weightPerProductUnit: z.preprocess(emptyToUndefined, shape.weightPerProductUnit),
      clientProductCode: z.preprocess(emptyToUndefined, shape.clientProductCode),
      clientProductDescription: z.preprocess(emptyToUndefined, shape.clientProductDescription),
      clientProductUnit: z.preprocess(emptyToUndefined, shape.clientProductUnit),
      customFields: boundedListSchema(
        customFieldSchema.extend({
          key: customFieldSchema.shape.key.min(1, 'Enter a key for this custom field'),
        }),
        limits.maxItems.customFields,
        'custom fields',
      ),
    })
    .superRefine((product, ctx) => {
      for (const problem of productAttributeProblems(product, packet)) {
        ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
      }
    });
}

export function productToEditValues(product: Product): ProductEditValues {
  return {
    productDescription: product.productDescription ?? '',
    productUnit: product.productUnit ?? '',
    unitPrice: product.unitPrice === undefined ? '' : String(product.unitPrice),
    unitPriceCurrency: product.unitPriceCurrency ?? '',
    dimHeight: product.dimHeight ?? '',
    dimWidth: product.dimWidth ?? '',
    dimDepth: product.dimDepth ?? '',
    dimUnit: product.dimUnit ?? '',
    weightPerProduct: product.weightPerProduct ?? '',
    weightPerProductUnit: product.weightPerProductUnit ?? '',
    clientProductCode: product.clientProductCode ?? '',
    clientProductDescription: product.clientProductDescription ?? '',
    clientProductUnit: product.clientProductUnit ?? '',
    pickMode: product.pickMode === 'ANE' ? 'ANE' : 'ASP',
  };
}

const editShape = productEditableFieldsSchema.shape;

/**
 * The editable members read from form inputs. The interface cannot clear a value, so emptying a number
 * or the price that had one is an error rather than a silent no-op; a change to ANE must fit the stored
 * attributes, which cannot be edited.
 */
export function productEditFormSchema(product: Product, packet: AttributePacket) {
  return productEditableFieldsSchema
    .extend({
      unitPrice: z.preprocess(emptyToUndefined, editShape.unitPrice),
      dimHeight: z.preprocess(toOptionalNumber, editShape.dimHeight),
      dimWidth: z.preprocess(toOptionalNumber, editShape.dimWidth),
      dimDepth: z.preprocess(toOptionalNumber, editShape.dimDepth),
      weightPerProduct: z.preprocess(toOptionalNumber, editShape.weightPerProduct),
    })
    .superRefine((values, ctx) => {
      for (const name of [...numberFieldNames, 'unitPrice'] as const) {
        if (values[name] === undefined && product[name] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'The warehouse service cannot clear a value: enter a new one',
          });
        }
      }
      if (values.pickMode === 'ANE' && product.pickMode !== 'ANE') {
        const problems = productAttributeProblems(
          { pickMode: 'ANE', productAttributes: product.productAttributes },
          packet,
        ).filter((problem) => problem.path[0] === 'pickMode');
        for (const problem of problems) {
          ctx.addIssue({
            code: 'custom',
            path: ['pickMode'],
            message: `${problem.message}. Attributes cannot be changed after creation.`,
          });
        }
      }
    });
}
