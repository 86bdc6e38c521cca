import { z } from 'zod';
import {
  boundedListSchema,
  boundedTextSchema,
  decimalStringSchema,
  identifierSchema,
  idSchema,
  keyValueSchema,
} from './common';
import { limits } from './limits';

export const pickModes = ['ASP', 'ANE'] as const;
export type PickMode = (typeof pickModes)[number];

const { maxLength, maxItems } = limits;

export const productCodeSchema = identifierSchema(maxLength.productCode).min(1, 'Enter a product code');

export const productAttributeSchema = z.object({
  key: identifierSchema(maxLength.code).min(1, 'Choose an attribute'),
  requiredForWarehouseRelease: z.boolean().default(false),
  requiredForRfConfirmation: z.boolean().default(false),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

/** customFields: free extension fields, carried as sent but not into inventory. */
export const customFieldSchema = z.object({
  key: identifierSchema(maxLength.reference),
  value: boundedTextSchema(maxLength.description),
});

const unitPriceSchema = z.union([decimalStringSchema, z.number().nonnegative('A price cannot be negative')]);
const measureSchema = z.number({ error: 'Enter a number' }).nonnegative('Cannot be negative');
const unitSchema = identifierSchema(maxLength.code);

/** Fields a product update may carry: everything but the immutable code, attributes and custom fields. */
export const productEditableFieldsSchema = z.object({
  productDescription: boundedTextSchema(maxLength.description).trim().min(1, 'Enter a description'),
  productUnit: unitSchema.min(1, 'Enter a unit, for example UNT'),
  unitPrice: unitPriceSchema.optional(),
  unitPriceCurrency: unitSchema.optional(),
  dimHeight: measureSchema.optional(),
  dimWidth: measureSchema.optional(),
  dimDepth: measureSchema.optional(),
  dimUnit: unitSchema.optional(),
  weightPerProduct: measureSchema.optional(),
  weightPerProductUnit: unitSchema.optional(),
  clientProductCode: identifierSchema(maxLength.reference).optional(),
  clientProductDescription: boundedTextSchema(maxLength.description).optional(),
  clientProductUnit: unitSchema.optional(),
  pickMode: z.enum(pickModes, { error: 'Pick mode is ANE or ASP' }).optional(),
});

export const productCreateSchema = productEditableFieldsSchema.extend({
  productCode: productCodeSchema,
  productAttributes: boundedListSchema(
    productAttributeSchema,
    maxItems.productAttributes,
    'attributes',
  ).optional(),
  customFields: boundedListSchema(customFieldSchema, maxItems.customFields, 'custom fields').optional(),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** Update sends any subset; the immutable members are checked by the rules, not dropped. */
export const productUpdateSchema = productEditableFieldsSchema.partial().extend({
  productCode: z.string().optional(),
  productAttributes: z.unknown().optional(),
  customFields: z.unknown().optional(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/**
 * A product as the operator answers: the create answer omits pickMode and customFields, a read by id and
 * an update include them; members the contract does not name are kept.
 */
export const productSchema = z.looseObject({
  id: idSchema,
  productCode: z.string(),
  productDescription: z.string().optional(),
  productUnit: z.string().optional(),
  unitPrice: z.union([z.string(), z.number()]).optional(),
  unitPriceCurrency: z.string().optional(),
  dimHeight: z.number().optional(),
  dimWidth: z.number().optional(),
  dimDepth: z.number().optional(),
  dimUnit: z.string().optional(),
  weightPerProduct: z.number().optional(),
  weightPerProductUnit: z.string().optional(),
  clientProductCode: z.string().optional(),
  clientProductDescription: z.string().optional(),
  clientProductUnit: z.string().optional(),
  pickMode: z.string().optional(),
  productAttributes: z
    .array(
      z.looseObject({
        key: z.string(),
        requiredForWarehouseRelease: z.boolean().optional(),
        requiredForRfConfirmation: z.boolean().optional(),
      }),
    )
    .default([]),
  customFields: z.array(keyValueSchema).default([]),
  dateCreated: z.string().optional(),
  dateLastUpdated: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productIdLookupSchema = z.looseObject({ id: idSchema, pickMode: z.string().optional() });
export type ProductIdLookup = z.infer<typeof productIdLookupSchema>;

export const productListSchema = z.looseObject({
  products: z.array(productSchema),
  nextCursor: z.string().nullable().optional(),
});
export type ProductList = z.infer<typeof productListSchema>;
