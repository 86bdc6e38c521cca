import { z } from 'zod';
import { numberInputSchema } from '@/components/form/number-input-schema';
import { boundedListSchema } from '@/contract/common';
import { limits } from '@/contract/limits';
import type { Product } from '@/contract/product';
import { customFieldSchema, productCreateSchema, productEditableFieldsSchema } from '@/contract/product';
import {
  type AneRule,
  type AttributePacket,
  productAttributeProblems,
  refusedAttributeProblems,
} from '@/contract/product-rules';

export const numberFieldNames = ['dimHeight', 'dimWidth', 'dimDepth', 'weightPerProduct'] as const;

/** An input left empty means "not given". */
function emptyToUndefined(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
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
 * The contract's create schema read from form inputs (numbers as a NumberField holds them, '' for an
 * empty box), plus the attribute rules of the operator's packet, each reported on the field it concerns
 * so the form can show it before anything is sent. The form always holds a pick mode and the lists.
 */
export function productCreateFormSchema(packet: AttributePacket, aneRule: AneRule = 'refuse') {
  return productCreateSchema
    .extend({
      unitPrice: z.preprocess(emptyToUndefined, shape.unitPrice),
      unitPriceCurrency: z.preprocess(emptyToUndefined, shape.unitPriceCurrency),
      dimHeight: numberInputSchema(shape.dimHeight),
      dimWidth: numberInputSchema(shape.dimWidth),
      dimDepth: numberInputSchema(shape.dimDepth),
      dimUnit: z.preprocess(emptyToUndefined, shape.dimUnit),
      weightPerProduct: numberInputSchema(shape.weightPerProduct),
      weightPerProductUnit: z.preprocess(emptyToUndefined, shape.weightPerProductUnit),
      clientProductCode: z.preprocess(emptyToUndefined, shape.clientProductCode),
      clientProductDescription: z.preprocess(emptyToUndefined, shape.clientProductDescription),
      clientProductUnit: z.preprocess(emptyToUndefined, shape.clientProductUnit),
      pickMode: shape.pickMode.unwrap(),
      productAttributes: shape.productAttributes.unwrap(),
      customFields: boundedListSchema(
        customFieldSchema.extend({
          key: customFieldSchema.shape.key.min(1, 'Enter a key for this custom field'),
        }),
        limits.maxItems.customFields,
        'custom fields',
      ),
    })
    .superRefine((product, ctx) => {
      for (const problem of refusedAttributeProblems(product, packet, aneRule)) {
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
 * A unit in an edit: the product's own one reads as unchanged (so one a real operator took outside the
 * documented list does not block saving the rest), another must be one of the documented units.
 */
function unitKeptOrChosen<TSchema extends z.ZodType>(stored: string | undefined, schema: TSchema) {
  return z.preprocess(
    (value) => (value === stored || typeof value !== 'string' ? undefined : emptyToUndefined(value)),
    schema.optional(),
  );
}

/**
 * The editable members read from form inputs. The interface cannot clear a value, so emptying a number
 * or the price that had one is an error rather than a silent no-op; a change to ANE must fit the stored
 * attributes, which cannot be edited.
 */
export function productEditFormSchema(
  product: Product,
  packet: AttributePacket,
  aneRule: AneRule = 'refuse',
) {
  return productEditableFieldsSchema
    .extend({
      unitPrice: z.preprocess(emptyToUndefined, editShape.unitPrice),
      productUnit: unitKeptOrChosen(product.productUnit, editShape.productUnit),
      unitPriceCurrency: unitKeptOrChosen(product.unitPriceCurrency, editShape.unitPriceCurrency),
      dimUnit: unitKeptOrChosen(product.dimUnit, editShape.dimUnit),
      weightPerProductUnit: unitKeptOrChosen(product.weightPerProductUnit, editShape.weightPerProductUnit),
      dimHeight: numberInputSchema(editShape.dimHeight),
      dimWidth: numberInputSchema(editShape.dimWidth),
      dimDepth: numberInputSchema(editShape.dimDepth),
      weightPerProduct: numberInputSchema(editShape.weightPerProduct),
      pickMode: editShape.pickMode.unwrap(),
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
      if (values.pickMode === 'ANE' && product.pickMode !== 'ANE' && aneRule === 'refuse') {
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

export type ProductFormValues = z.input<ReturnType<typeof productCreateFormSchema>>;
export type ProductEditValues = z.input<ReturnType<typeof productEditFormSchema>>;
export type ProductEditOutput = z.output<ReturnType<typeof productEditFormSchema>>;
