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

/** A product code as documents carry it; a new product's code is held to newProductCodeSchema. */
export const productCodeSchema = identifierSchema(maxLength.productCode).min(1, 'Enter a product code');

const outsideCodeCharacters = /[^A-Za-z0-9_-]/gu;

/**
 * The code of a product being created: it is printed on labels, scanned and put in URLs, so only ASCII
 * letters, digits, - and _ (our decision: the interface names no character set, and a space or an é
 * reads differently in each of those places). Existing products keep whatever code they have.
 */
export const newProductCodeSchema = productCodeSchema.superRefine((code, ctx) => {
  // Control and invisible characters have their own message (identifierSchema).
  const refused = [...new Set(code.match(outsideCodeCharacters) ?? [])].filter(
    (character) => !/\p{C}/u.test(character),
  );
  if (refused.length === 0) return;
  const names = refused.map((character) => (character === ' ' ? 'a space' : character));
  const named = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  ctx.addIssue({
    code: 'custom',
    message: `Use letters, digits, - and _ only: ${named} ${refused.length === 1 ? 'is' : 'are'} not allowed`,
  });
});

/**
 * The units and currency the interface documents for a product ("values seen"; it shows no others). The
 * sandbox plays the operator as documented, so it refuses the rest; the form offers exactly these.
 */
export const productUnitChoices = {
  productUnit: ['UNT'],
  unitPriceCurrency: ['USD'],
  dimUnit: ['IN', 'M'],
  weightPerProductUnit: ['LB', 'OZ'],
} as const;

function unitChoiceSchema<const T extends readonly [string, ...string[]]>(choices: T, noun: string) {
  return z.enum(choices, { error: `${noun}: choose one of ${choices.join(', ')}` });
}

/** A price as text (the operator prints "39.99") or a number: never negative, at most 4 decimals. */
const unitPriceSchema = z.union([z.string(), z.number()]).superRefine((price, ctx) => {
  const text = String(price);
  if (/^-/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'A price cannot be negative' });
  } else if (!/^\d+(\.\d+)?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'Enter the price as a number, for example 12.50' });
  } else if (!decimalStringSchema.safeParse(text).success) {
    ctx.addIssue({ code: 'custom', message: 'Use at most 12 digits before the point and 4 after' });
  }
});

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

const measureSchema = z.number({ error: 'Enter a number' }).nonnegative('Cannot be negative');
const unitSchema = identifierSchema(maxLength.code);

/** Fields a product update may carry: everything but the immutable code, attributes and custom fields. */
export const productEditableFieldsSchema = z.object({
  productDescription: boundedTextSchema(maxLength.description).trim().min(1, 'Enter a description'),
  productUnit: unitChoiceSchema(productUnitChoices.productUnit, 'Unit'),
  unitPrice: unitPriceSchema.optional(),
  unitPriceCurrency: unitChoiceSchema(productUnitChoices.unitPriceCurrency, 'Currency').optional(),
  dimHeight: measureSchema.optional(),
  dimWidth: measureSchema.optional(),
  dimDepth: measureSchema.optional(),
  dimUnit: unitChoiceSchema(productUnitChoices.dimUnit, 'Size unit').optional(),
  weightPerProduct: measureSchema.optional(),
  weightPerProductUnit: unitChoiceSchema(productUnitChoices.weightPerProductUnit, 'Weight unit').optional(),
  clientProductCode: identifierSchema(maxLength.reference).optional(),
  clientProductDescription: boundedTextSchema(maxLength.description).optional(),
  clientProductUnit: unitSchema.optional(),
  pickMode: z.enum(pickModes, { error: 'Pick mode is ANE or ASP' }).optional(),
});

export const productCreateSchema = productEditableFieldsSchema.extend({
  productCode: newProductCodeSchema,
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
