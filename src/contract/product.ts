import { z } from 'zod';
import { decimalStringSchema, idSchema, keyValueSchema } from './common';

export const PRODUCT_CODE_MAX = 35;
export const pickModes = ['ASP', 'ANE'] as const;
export type PickMode = (typeof pickModes)[number];

export const productCodeSchema = z
  .string({ error: 'Enter a product code' })
  .trim()
  .min(1, 'Enter a product code')
  .max(PRODUCT_CODE_MAX, `A product code has at most ${PRODUCT_CODE_MAX} characters`);

export const productAttributeSchema = z.object({
  key: z.string().trim().min(1, 'Choose an attribute'),
  requiredForWarehouseRelease: z.boolean().default(false),
  requiredForRfConfirmation: z.boolean().default(false),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

const unitPriceSchema = z.union([decimalStringSchema, z.number().nonnegative('A price cannot be negative')]);
const measureSchema = z.number({ error: 'Enter a number' }).nonnegative('Cannot be negative');

/** Fields a product update may carry: everything but the immutable code, attributes and custom fields. */
export const productEditableFieldsSchema = z.object({
  productDescription: z.string().trim().min(1, 'Enter a description'),
  productUnit: z.string().trim().min(1, 'Enter a unit, for example UNT'),
  unitPrice: unitPriceSchema.optional(),
  unitPriceCurrency: z.string().optional(),
  dimHeight: measureSchema.optional(),
  dimWidth: measureSchema.optional(),
  dimDepth: measureSchema.optional(),
  dimUnit: z.string().optional(),
  weightPerProduct: measureSchema.optional(),
  weightPerProductUnit: z.string().optional(),
  clientProductCode: z.string().optional(),
  clientProductDescription: z.string().optional(),
  clientProductUnit: z.string().optional(),
  pickMode: z.enum(pickModes, { error: 'Pick mode is ANE or ASP' }).optional(),
});

export const productCreateSchema = productEditableFieldsSchema.extend({
  productCode: productCodeSchema,
  productAttributes: z.array(productAttributeSchema).optional(),
  customFields: z.array(keyValueSchema).optional(),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** Update sends any subset; the immutable members are checked by the rules, not dropped. */
export const productUpdateSchema = productEditableFieldsSchema.partial().extend({
  productCode: z.string().optional(),
  productAttributes: z.unknown().optional(),
  customFields: z.unknown().optional(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productSchema = z.object({
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
      z.object({
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

export const productIdLookupSchema = z.object({ id: idSchema, pickMode: z.string().optional() });
export type ProductIdLookup = z.infer<typeof productIdLookupSchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  nextCursor: z.string().nullable().optional(),
});
export type ProductList = z.infer<typeof productListSchema>;
